internal import CLinuxShims
import SystemPackage

extension SystemCall {
    /// `memfd_create(name, MFD_CLOEXEC)`: an anonymous file in memory, empty, for sharing memory with
    /// another process (a Wayland compositor's `wl_shm` pool). `name` shows in `/proc/self/maps` as
    /// `memfd:NAME`. The caller closes the descriptor.
    ///
    /// - Throws: `Errno` (`EMFILE`, `ENFILE`, `ENOMEM`, `EINVAL` for a name over 249 bytes).
    package static func createMemoryFile(named name: String) throws(Errno) -> FileDescriptor {
        let descriptor = try valueOrErrno(retryOnInterrupt: false) { fc_memfd_create(name) }.get()
        return FileDescriptor(rawValue: descriptor)
    }
}
