/// What the frame thread's executor ran: jobs, how often some waited for a later frame, and the time
/// they took.
struct JobStatistics: Hashable, Sendable {
    var jobsRun = 0
    var framesWithJobsDeferred = 0
    var nanoseconds: Int64 = 0

    mutating func record(ran: Int, deferred: Bool, nanoseconds: Int64) {
        jobsRun += ran
        if deferred { framesWithJobsDeferred += 1 }
        self.nanoseconds += nanoseconds
    }
}
