/// The ``ActiveKernel`` evaluations: each one instruction in its active interval, specialised for
/// its value type, curve and easing, out of line so that each keeps its values in registers.
/// Each returns whether it wrote the instruction's value; when it did not (the time lies outside
/// the active interval, or the iteration count is too large for its arithmetic) it wrote nothing.
enum ActiveKernels {
    /// Runs `kernel` for the instruction at `instruction`, writing into `state`.
    @inline(__always)
    static func run(
        _ kernel: ActiveKernel, at instruction: UnsafeRawPointer, into state: UnsafeMutableRawPointer,
        atLocalTime localTime: Double
    ) -> Bool {
        switch kernel {
        case .none: false
        case .basicScalarLinear: basic(Double.self, LinearEasing.self, instruction, state, localTime)
        case .basicScalarBezier: basic(Double.self, BezierEasing.self, instruction, state, localTime)
        case .basicPointLinear: basic(Point.self, LinearEasing.self, instruction, state, localTime)
        case .basicPointBezier: basic(Point.self, BezierEasing.self, instruction, state, localTime)
        case .keyframeScalarLinear: keyframe(Double.self, LinearEasing.self, instruction, state, localTime)
        case .keyframeScalarBezier: keyframe(Double.self, BezierEasing.self, instruction, state, localTime)
        case .keyframePointLinear: keyframe(Point.self, LinearEasing.self, instruction, state, localTime)
        case .keyframePointBezier: keyframe(Point.self, BezierEasing.self, instruction, state, localTime)
        }
    }

    /// A ``BasicCurve`` with constant endpoints, neither additive nor cumulative.
    @inline(never)
    static func basic<Value: Interpolatable, Easing: KernelEasing>(
        _: Value.Type, _: Easing.Type, _ instruction: UnsafeRawPointer, _ state: UnsafeMutableRawPointer,
        _ localTime: Double
    ) -> Bool {
        let step = ActiveStep<Easing>(
            instruction, timingFunctionOffset: BasicCurve<Value>.timingFunctionOffset, localTime)
        guard let step else { return false }
        let start = step.curve.load(fromByteOffset: BasicCurve<Value>.startOffset, as: Value.self)
        let end = step.curve.load(fromByteOffset: BasicCurve<Value>.endOffset, as: Value.self)
        step.write(start.interpolated(to: end, fraction: step.fraction), into: state)
        return true
    }

    /// Keyframes without timing functions of their own per segment, neither additive nor
    /// cumulative.
    @inline(never)
    static func keyframe<Value: Interpolatable, Easing: KernelEasing>(
        _: Value.Type, _: Easing.Type, _ instruction: UnsafeRawPointer, _ state: UnsafeMutableRawPointer,
        _ localTime: Double
    ) -> Bool {
        let step = ActiveStep<Easing>(
            instruction, timingFunctionOffset: KeyframeLayout.timingFunctionOffset, localTime)
        guard let step else { return false }
        let value = ProgramKeyframes<Value>(at: step.curve).keyframeValue(
            atFraction: step.fraction, phase: .active, isBackwardPass: step.isBackwardPass,
            readsSegmentFunctions: false)
        step.write(value, into: state)
        return true
    }

    /// The progress through the current iteration at `localTime` when it lies in the active
    /// interval of a timing that plays forwards (speed above 0) with finite iterations: what
    /// ``ResolvedTiming/progress(atParentTime:narrowing:)`` gives there, computed the same way.
    /// `nil` outside the active interval, at NaN, and for an iteration count below 0 or at and
    /// above 2^51, which the general path handles.
    @inline(__always)
    static func activeProgress(_ header: InstructionHeaderReader, atLocalTime localTime: Double) -> (
        progress: Double, isBackwardPass: Bool
    )? {
        let beginTime = header.beginTime
        guard localTime >= beginTime else { return nil }  // before the begin time, or NaN
        let local = (localTime - beginTime) * header.speed
        guard local < header.activeDuration else { return nil }
        let overall = (local + header.timeOffset) / header.iterationDuration
        guard overall >= 0 && overall < 0x1p51 else { return nil }
        // The floor without a conversion to an integer: added to 2^52 the number rounds to a whole
        // one, stored in the low bits of the sum, whose last bit is then its parity.
        let shifted = overall + 0x1p52
        var whole = shifted - 0x1p52
        var bits = shifted.bitPattern
        if whole > overall {
            whole -= 1
            bits &-= 1
        }
        let simpleProgress = overall - whole
        let isBackwardPass = header.autoreverses && bits & 1 != 0
        return (isBackwardPass ? 1 - simpleProgress : simpleProgress, isBackwardPass)
    }
}

// The curves' fields the kernels read in place.
extension BasicCurve {
    static var startOffset: Int { MemoryLayout<Self>.offset(of: \.start) ?? 0 }
    static var endOffset: Int { MemoryLayout<Self>.offset(of: \.end) ?? 0 }
    static var timingFunctionOffset: Int { MemoryLayout<Self>.offset(of: \.timingFunction) ?? 0 }
}

extension KeyframeLayout {
    static var timingFunctionOffset: Int { MemoryLayout<Self>.offset(of: \.timingFunction) ?? 0 }
}
