internal import CLinuxShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// An eventfd: a kernel counter that one thread signals to make the descriptor readable and so wake
/// another out of ``SystemCall/poll(_:until:retryOnInterrupt:)-([PollDescriptor],_,_)``.
///
/// A value, as swift-system's `FileDescriptor` is: it does not own the descriptor, and ``close()``
/// ends it. ``WakeSignal`` is the owning wake object built on it.
package struct EventDescriptor: Hashable, Sendable {
    /// The descriptor, to poll for readability.
    package let fileDescriptor: FileDescriptor

    /// Wraps an eventfd made elsewhere.
    package init(_ fileDescriptor: FileDescriptor) {
        self.fileDescriptor = fileDescriptor
    }

    /// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`: a new counter at zero (not readable).
    ///
    /// - Throws: `Errno` (`EMFILE`, `ENFILE`, `ENOMEM`).
    package static func create() throws(Errno) -> EventDescriptor {
        let descriptor = try SystemCall.valueOrErrno(retryOnInterrupt: false) { fc_eventfd_create() }.get()
        return EventDescriptor(FileDescriptor(rawValue: descriptor))
    }

    /// Adds one to the counter, which makes the descriptor readable.
    ///
    /// - Throws: `Errno` (`EBADF` on a closed descriptor).
    package func signal() throws(Errno) {
        try fileDescriptor.writeCounter(1)
    }

    /// Reads and resets the counter, which makes the descriptor unreadable: the number of signals
    /// since the last drain, 0 when there were none (the read's `EAGAIN`).
    ///
    /// - Throws: `Errno` (`EBADF` on a closed descriptor).
    @discardableResult
    package func drain() throws(Errno) -> UInt64 {
        do {
            return try fileDescriptor.readCounter(retryOnInterrupt: true)
        } catch .resourceTemporarilyUnavailable {
            return 0
        }
    }

    /// Closes the descriptor.
    ///
    /// - Throws: `Errno` (`EBADF` when it was closed already).
    package func close() throws(Errno) {
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) { Glibc.close(fileDescriptor.rawValue) }
            .get()
    }
}
