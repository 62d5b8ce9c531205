/// The fixed part of a group in an ``AnimationProgram``, after its header: the group's timing
/// function. The children's instructions follow it, up to the end of the group's instruction.
struct GroupLayout {
    var timingFunction: TimingFunction

    /// The children's parent time for the group's progress `progress`: the eased progress times
    /// the iteration's duration (0 throughout an endless iteration, whose progress stays 0).
    @inline(__always)
    func childTime(for progress: TimingProgress, iterationDuration: Double) -> Double {
        let eased = timingFunction.output(for: progress)
        return eased == 0 ? 0 : eased * iterationDuration
    }
}
