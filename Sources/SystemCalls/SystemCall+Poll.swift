internal import CLinuxShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension SystemCall {
    /// Waits until one of `descriptors` has an event or `deadline` (`CLOCK_MONOTONIC` nanoseconds;
    /// nil: no limit) has passed, and sets each entry's ``PollDescriptor/returnedEvents``. Returns how
    /// many entries have events; 0 means the deadline passed. A deadline already past still looks
    /// once, without waiting.
    ///
    /// The wait is `ppoll(2)` with the time left as a `timespec`, so a deadline is kept to the
    /// nanosecond (plus the thread's timer slack), not rounded up to the next millisecond as
    /// `poll(2)`'s timeout would be. The time left is measured just before the call, and the call made
    /// again should it return before the deadline. With `retryOnInterrupt`, a wait a signal
    /// interrupted is made again for the time then left.
    ///
    /// - Throws: `Errno` (`EINTR` unless `retryOnInterrupt`, `EINVAL` for too many descriptors,
    ///   `ENOMEM`). A closed descriptor is not an error: its entry reports ``PollEvents/invalid``.
    package static func poll(
        _ descriptors: UnsafeMutableBufferPointer<PollDescriptor>, until deadline: Int64?,
        retryOnInterrupt: Bool = true
    ) throws(Errno) -> Int {
        let count = descriptors.count
        return try withUnsafeTemporaryAllocation(of: pollfd.self, capacity: max(count, 1)) {
            set throws(Errno) -> Int in
            for index in 0..<count {
                let entry = descriptors[index]
                set[index] = pollfd(
                    fd: entry.fileDescriptor.rawValue, events: entry.events.rawValue, revents: 0)
            }
            while true {
                var timeout: Int64 = -1
                if let deadline {
                    // A deadline so far past that the subtraction overflows is past: look once.
                    let (left, overflow) = deadline.subtractingReportingOverflow(
                        KernelClock.monotonicNanoseconds())
                    timeout = overflow ? 0 : max(0, left)
                }
                let result = valueOrErrno(retryOnInterrupt: false) {
                    fc_ppoll(set.baseAddress, nfds_t(count), timeout)
                }
                switch result {
                case .success(0) where timeout > 0:
                    // Woken before the deadline with nothing ready: wait for the rest.
                    if let deadline, KernelClock.monotonicNanoseconds() < deadline { continue }
                case .success:
                    break
                case .failure(.interrupted) where retryOnInterrupt:
                    continue
                case .failure(let error):
                    throw error
                }
                for index in 0..<count {
                    descriptors[index].returnedEvents = PollEvents(rawValue: set[index].revents)
                }
                return Int(try result.get())
            }
        }
    }

    /// ``poll(_:until:retryOnInterrupt:)-(UnsafeMutableBufferPointer<PollDescriptor>,_,_)`` on an
    /// array's entries.
    package static func poll(
        _ descriptors: inout [PollDescriptor], until deadline: Int64?, retryOnInterrupt: Bool = true
    ) throws(Errno) -> Int {
        try descriptors.withUnsafeMutableBufferPointer { buffer throws(Errno) -> Int in
            try poll(buffer, until: deadline, retryOnInterrupt: retryOnInterrupt)
        }
    }
}
