/// How an instruction's curve is stored after its header.
enum CurveKind: UInt8, Sendable {
    /// A ``BasicCurve`` of the instruction's value kind.
    case basic
    /// A ``KeyframeLayout`` followed by its values, key times and timing functions.
    case keyframe
    /// A ``SpringCurve`` of the instruction's value kind.
    case spring
    /// An ``AnimationGroup``: a ``GroupLayout`` followed by the children's instructions.
    case group
}

/// The flags of an instruction.
struct InstructionFlags: OptionSet, Sendable {
    let rawValue: UInt8

    /// The first instruction on its field: it takes the model value as the value beneath it (when
    /// evaluating over a model), so the fields need not be reset before a run.
    static let isFirstOnField = InstructionFlags(rawValue: 1 << 0)
    /// The animation has no effect once its active interval is over.
    static let isRemovedOnCompletion = InstructionFlags(rawValue: 1 << 1)
    /// The whole `bounds` is reset to the model before the instruction writes `bounds.size` (set
    /// on the first instruction on `bounds` when it writes only the size).
    static let resetsBoundsFromModel = InstructionFlags(rawValue: 1 << 2)
    /// The curve's value depends on the value beneath it (relative endpoints, or additive): when it
    /// does not, the model need not be read while the animation has an effect.
    static let usesValueBeneath = InstructionFlags(rawValue: 1 << 3)
}

/// The fixed part of one instruction of an ``AnimationProgram``: the animation's resolved timing and
/// where its value goes, in one cache line. The curve follows it in memory, at ``payloadOffset``.
///
/// A plain value (no references), so that the program can be read with loads alone.
struct InstructionHeader {
    /// The timing, resolved when the animation was added.
    var timing: ResolvedTiming
    /// The distance in bytes from this header to the next instruction.
    var byteCount: UInt32
    /// The byte offset in ``LayerState`` at which the value is written.
    var fieldOffset: UInt16
    var valueKind: ValueKind
    var curveKind: CurveKind
    var flags: InstructionFlags
    /// For ``ValueKind/transformComponent``, the part of the transform written.
    var component: TransformComponent
    /// The specialised evaluation the instruction takes in its active interval, if any.
    var activeKernel: ActiveKernel

    /// Where the curve starts, from the start of the header.
    static var payloadOffset: Int { MemoryLayout<InstructionHeader>.stride }
}
