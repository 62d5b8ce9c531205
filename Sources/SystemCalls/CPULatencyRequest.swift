import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A request for CPU wake-up latency through the kernel's PM QoS interface, `/dev/cpu_dma_latency`:
/// while its descriptor is open, the limit last written is in force for every core, and the idle
/// governor keeps cores out of idle states that take longer than that to leave (0: a core that has
/// nothing to do polls instead of halting). Opening alone asks for nothing (the kernel adds the
/// request at its default, no limit); closing withdraws it.
///
/// The value written is the 32-bit binary form the kernel documents
/// (Documentation/power/pm_qos_interface.rst); writing a new one changes the request at once.
/// Opening the device for writing takes root, or its group where a distribution grants one.
///
/// A value, as swift-system's `FileDescriptor` is: it does not own the descriptor, and ``close()``
/// ends it.
package struct CPULatencyRequest: Hashable, Sendable {
    /// Where the kernel offers the request: `/dev/cpu_dma_latency`.
    package static let devicePath = "/dev/cpu_dma_latency"

    /// The kernel's value for "no limit" (`PM_QOS_DEFAULT_VALUE`): written, it puts the request back
    /// to the default, as if it had just been opened.
    package static let noLimit: Int32 = -1

    /// The open device.
    package let fileDescriptor: FileDescriptor

    /// Wraps a descriptor opened elsewhere.
    package init(_ fileDescriptor: FileDescriptor) {
        self.fileDescriptor = fileDescriptor
    }

    /// `open(path, O_WRONLY | O_CLOEXEC)`: a new request, asking for nothing yet.
    ///
    /// - Throws: `Errno` (`EACCES` or `EPERM` without the right to, `ENOENT` where the kernel has no
    ///   such device, `EISDIR` for a directory).
    package static func open(path: String = devicePath) throws(Errno) -> CPULatencyRequest {
        let descriptor = try SystemCall.valueOrErrno(retryOnInterrupt: true) {
            Glibc.open(path, O_WRONLY | O_CLOEXEC)
        }.get()
        return CPULatencyRequest(FileDescriptor(rawValue: descriptor))
    }

    /// Asks that no core take longer than `microseconds` to wake (0: no idle state with an exit
    /// latency at all); in force until changed, ``release()``d or closed.
    ///
    /// - Throws: `Errno` (`EBADF` on a closed descriptor; `EIO` when fewer than four bytes were
    ///   taken).
    package func limit(toMicroseconds microseconds: Int32) throws(Errno) {
        var value = microseconds
        let size = MemoryLayout<Int32>.size
        let written = try SystemCall.valueOrErrno(retryOnInterrupt: true) {
            Glibc.write(fileDescriptor.rawValue, &value, size)
        }.get()
        guard written == size else { throw .ioError }
    }

    /// Withdraws the limit, keeping the descriptor open for the next one (``noLimit``).
    ///
    /// - Throws: as ``limit(toMicroseconds:)``.
    package func release() throws(Errno) {
        try limit(toMicroseconds: Self.noLimit)
    }

    /// Closes the descriptor, which withdraws the request.
    ///
    /// - Throws: `Errno` (`EBADF` when it was closed already).
    package func close() throws(Errno) {
        _ = try SystemCall.valueOrErrno(retryOnInterrupt: false) { Glibc.close(fileDescriptor.rawValue) }
            .get()
    }
}
