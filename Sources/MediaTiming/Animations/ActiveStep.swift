/// What every kernel works out first: where the instruction's curve is, and its eased progress
/// when the time lies in the active interval.
struct ActiveStep<Easing: KernelEasing> {
    let header: InstructionHeaderReader
    /// Where the curve starts.
    let curve: UnsafeRawPointer
    /// The iteration's progress, eased by the curve's timing function (stored `timingFunctionOffset`
    /// bytes into the curve).
    let fraction: Double
    let isBackwardPass: Bool

    /// `nil` outside the active interval (see ``ActiveKernels/activeProgress(_:atLocalTime:)``).
    @inline(__always)
    init?(_ instruction: UnsafeRawPointer, timingFunctionOffset: Int, _ localTime: Double) {
        header = InstructionHeaderReader(base: instruction)
        guard let progress = ActiveKernels.activeProgress(header, atLocalTime: localTime) else { return nil }
        curve = instruction + InstructionHeader.payloadOffset
        fraction = Easing.output(curve + timingFunctionOffset, TimingFunction.clamped(progress.progress))
        isBackwardPass = progress.isBackwardPass
    }

    /// Stores `value` in the instruction's field of `state`.
    @inline(__always)
    func write<Value>(_ value: Value, into state: UnsafeMutableRawPointer) {
        (state + Int(header.fieldOffset)).assumingMemoryBound(to: Value.self).pointee = value
    }
}
