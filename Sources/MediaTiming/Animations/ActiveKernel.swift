/// A specialised evaluation of one instruction for the commonest case, chosen when the program is
/// built: an animation in its active interval, playing forwards, whose value does not depend on
/// the value beneath it (constant endpoints or keyframes, neither additive nor cumulative), on a
/// number or a point, eased linearly or by a cubic Bézier curve (keyframes: without timing
/// functions per segment).
///
/// The kernel computes the same values with the same arithmetic as the general path
/// (``ProgramRun``), with every decision the build could take already taken; outside the active
/// interval, or at a time the fast arithmetic cannot represent, it leaves the instruction to the
/// general path.
enum ActiveKernel: UInt8, Sendable {
    /// No kernel: the general path evaluates the instruction.
    case none
    case basicScalarLinear
    case basicScalarBezier
    case basicPointLinear
    case basicPointBezier
    case keyframeScalarLinear
    case keyframeScalarBezier
    case keyframePointLinear
    case keyframePointBezier

    /// The kernel for an instruction of `curve` kind writing `value` with `timing` and
    /// `timingFunction` (the one applied to each iteration's progress), when the curve has the
    /// shape the kernels take (`curveQualifies`: its value depends on nothing beneath it, it is not
    /// cumulative, and keyframes have no timing functions per segment); `.none` when no kernel
    /// applies.
    init(
        curve: CurveKind, value: ValueKind, timing: ResolvedTiming, timingFunction: TimingFunction,
        curveQualifies: Bool
    ) {
        self = .none
        guard curveQualifies, timing.playsForwardsWithFiniteIterations else { return }
        let isBezier: Bool
        switch timingFunction.curve {
        case .linear: isBezier = false
        case .cubicBezier: isBezier = true
        default: return
        }
        switch (curve, value, isBezier) {
        case (.basic, .scalar, false): self = .basicScalarLinear
        case (.basic, .scalar, true): self = .basicScalarBezier
        case (.basic, .point, false): self = .basicPointLinear
        case (.basic, .point, true): self = .basicPointBezier
        case (.keyframe, .scalar, false): self = .keyframeScalarLinear
        case (.keyframe, .scalar, true): self = .keyframeScalarBezier
        case (.keyframe, .point, false): self = .keyframePointLinear
        case (.keyframe, .point, true): self = .keyframePointBezier
        default: return
        }
    }
}
