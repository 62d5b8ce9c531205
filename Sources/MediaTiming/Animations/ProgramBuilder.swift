/// Assembles the bytes of an ``AnimationProgram``: instruction headers and curves, each at an
/// offset aligned for its type, and marks the first instruction on each field.
struct ProgramBuilder {
    /// The alignment of the program's memory and the most any stored type needs.
    static let alignment = 16

    private(set) var bytes: [UInt8] = []
    /// The fields that earlier instructions write.
    private var fieldsSeen: UInt64 = 0

    /// Appends the header of an instruction on `target` whose curve (appended next) is of `kind`;
    /// returns the header's offset, for ``finishInstruction(at:)``. The instruction gets an
    /// ``ActiveKernel`` where one applies: given the timing function the curve eases its progress
    /// with and whether the curve has the kernels' shape (see ``ActiveKernel``).
    mutating func beginInstruction(
        timing: TimingParameters, isRemovedOnCompletion: Bool, usesValueBeneath: Bool, target: PropertyTarget,
        curve kind: CurveKind, timingFunction: TimingFunction? = nil, curveQualifies: Bool = false
    ) -> Int {
        var flags: InstructionFlags = []
        if fieldsSeen & target.field.bit == 0 {
            flags.insert(.isFirstOnField)
            if target.kind == .size { flags.insert(.resetsBoundsFromModel) }
        }
        fieldsSeen |= target.field.bit
        if isRemovedOnCompletion { flags.insert(.isRemovedOnCompletion) }
        if usesValueBeneath { flags.insert(.usesValueBeneath) }
        let resolved = ResolvedTiming(timing)
        let kernel =
            timingFunction.map {
                ActiveKernel(
                    curve: kind, value: target.kind, timing: resolved, timingFunction: $0,
                    curveQualifies: curveQualifies)
            } ?? .none
        let header = InstructionHeader(
            timing: resolved, byteCount: 0, fieldOffset: UInt16(target.offset),
            valueKind: target.kind, curveKind: kind, flags: flags, component: target.component,
            activeKernel: kernel)
        let offset = append(header)
        precondition(offset % MemoryLayout<InstructionHeader>.alignment == 0)
        return offset
    }

    /// Appends the header of a group, whose ``GroupLayout`` and children are appended next; returns
    /// the header's offset, for ``finishInstruction(at:)``.
    mutating func beginGroup(timing: TimingParameters, isRemovedOnCompletion: Bool) -> Int {
        let header = InstructionHeader(
            timing: ResolvedTiming(timing), byteCount: 0, fieldOffset: 0, valueKind: .scalar,
            curveKind: .group,
            flags: isRemovedOnCompletion ? .isRemovedOnCompletion : [], component: .rotation,
            activeKernel: .none)
        return append(header)
    }

    /// Records the length of the instruction whose header is at `offset`: everything appended since.
    mutating func finishInstruction(at offset: Int) {
        pad(to: MemoryLayout<InstructionHeader>.alignment)
        let field = MemoryLayout<InstructionHeader>.offset(of: \.byteCount) ?? 0
        replace(at: offset + field, with: UInt32(bytes.count - offset))
    }

    /// Appends `value` at the next offset aligned for its type; returns that offset.
    @discardableResult
    mutating func append<T>(_ value: T) -> Int {
        pad(to: MemoryLayout<T>.alignment)
        let offset = bytes.count
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: repeatElement(0, count: MemoryLayout<T>.stride - MemoryLayout<T>.size))
        return offset
    }

    /// Overwrites the value of type `T` appended at `offset`.
    mutating func replace<T>(at offset: Int, with value: T) {
        withUnsafeBytes(of: value) { source in
            bytes.withUnsafeMutableBytes { destination in
                destination[offset..<offset + source.count].copyBytes(from: source)
            }
        }
    }

    /// The offset of the next byte appended, from the start of the program.
    var count: Int { bytes.count }

    /// Pads with zeros to a multiple of `alignment`.
    mutating func pad(to alignment: Int) {
        precondition(alignment <= Self.alignment)
        let remainder = bytes.count % alignment
        if remainder != 0 { bytes.append(contentsOf: repeatElement(0, count: alignment - remainder)) }
    }
}
