import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

extension FileDescriptor {
    /// One `read(2)` of the 8-byte counter an eventfd or a timerfd holds (which resets it).
    ///
    /// - Throws: `Errno`: `EAGAIN` when a non-blocking descriptor's counter is zero, `EBADF` on a
    ///   closed descriptor, `EINTR` after a signal unless `retryOnInterrupt`; `EIO` for a read of
    ///   another size (a descriptor that is not a counter).
    func readCounter(retryOnInterrupt: Bool) throws(Errno) -> UInt64 {
        var counter: UInt64 = 0
        let size = MemoryLayout<UInt64>.size
        let count = try SystemCall.valueOrErrno(retryOnInterrupt: retryOnInterrupt) {
            Glibc.read(rawValue, &counter, size)
        }.get()
        guard count == size else { throw .ioError }
        return counter
    }

    /// One `write(2)` of `value` to an eventfd's counter (which adds it).
    ///
    /// - Throws: `Errno`: `EAGAIN` when the counter would overflow, `EBADF` on a closed descriptor.
    func writeCounter(_ value: UInt64) throws(Errno) {
        var value = value
        let size = MemoryLayout<UInt64>.size
        let count = try SystemCall.valueOrErrno(retryOnInterrupt: true) {
            Glibc.write(rawValue, &value, size)
        }.get()
        guard count == size else { throw .ioError }
    }
}
