internal import CLinuxShims
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// An epoll instance used as one descriptor for several: it is readable while any descriptor added
/// to it is, so a loop that watches one descriptor (a GLib source, a `poll` set) watches them all.
///
/// A value, as swift-system's `FileDescriptor` is: it does not own the descriptor, and ``close()``
/// ends it.
package struct EpollDescriptor: Hashable, Sendable {
    /// The descriptor, to poll for readability.
    package let fileDescriptor: FileDescriptor

    /// `epoll_create1(EPOLL_CLOEXEC)`: an empty instance (never readable).
    ///
    /// - Throws: `Errno` (`EMFILE`, `ENFILE`, `ENOMEM`).
    package static func create() throws(Errno) -> EpollDescriptor {
        let descriptor = try SystemCall.valueOrErrno(retryOnInterrupt: false) { fc_epoll_create() }.get()
        return EpollDescriptor(fileDescriptor: FileDescriptor(rawValue: descriptor))
    }

    /// Watches `descriptor` for readability (level-triggered): the instance is readable while it is.
    ///
    /// - Throws: `Errno` (`EEXIST` when it is watched already, `EBADF`, `EPERM` for a regular file).
    package func addReadable(_ descriptor: FileDescriptor) throws(Errno) {
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) {
            fc_epoll_add_readable(fileDescriptor.rawValue, descriptor.rawValue)
        }.get()
    }

    /// Closes the descriptor.
    ///
    /// - Throws: `Errno` (`EBADF` when it was closed already).
    package func close() throws(Errno) {
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) { Glibc.close(fileDescriptor.rawValue) }
            .get()
    }
}
