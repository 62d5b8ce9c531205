internal import CDRM
internal import CDRMShims
import Synchronization
internal import SystemCalls
public import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// An open DRM device node, such as `/dev/dri/card0`.
///
/// Opening checks that the node really is a DRM device (a path that is not one fails with
/// `ENOTTY`). The descriptor is closed by ``close()`` or when the object goes away. Calls on a
/// closed device fail with `EBADF`. The type is `Sendable`: libdrm's calls are plain ioctls, and
/// the descriptor number is read atomically.
public final class DRMDevice: Sendable {
    /// The path the device was opened from.
    public let path: String
    private let descriptor: Atomic<Int32>

    /// Opens the DRM device at `path` for reading and writing (close-on-exec, non-blocking reads of
    /// events) and checks that it is a DRM device.
    ///
    /// - Throws: ``DRMError`` with call `"open"` (`ENOENT`, `EACCES`, ...) or `"DRM_IOCTL_VERSION"`
    ///   (`ENOTTY` for a file that is not a DRM device).
    public init(path: String) throws(DRMError) {
        let fd: Int32
        switch SystemCall.valueOrErrno(
            retryOnInterrupt: true, { Glibc.open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK) })
        {
        case .success(let opened): fd = opened
        case .failure(let error): throw DRMError(call: "open", errno: error, detail: path)
        }
        if case .failure(let error) = SystemCall.valueOrErrno(retryOnInterrupt: false, { fc_drm_probe(fd) }) {
            _ = Glibc.close(fd)
            throw DRMError(call: "DRM_IOCTL_VERSION", errno: error, detail: path)
        }
        self.path = path
        self.descriptor = Atomic(fd)
    }

    /// Takes ownership of an already open descriptor (it is closed with the device). No check is
    /// made that it is a DRM device: calls on another kind of file fail with `ENOTTY`.
    public init(adopting fileDescriptor: FileDescriptor, path: String) {
        self.path = path
        self.descriptor = Atomic(fileDescriptor.rawValue)
    }

    deinit {
        close()
    }

    /// The descriptor, for polling it for readable events; `nil` once closed.
    public var fileDescriptor: FileDescriptor? {
        let fd = rawDescriptor
        return fd < 0 ? nil : FileDescriptor(rawValue: fd)
    }

    /// The descriptor's number; `-1` once closed.
    package var rawDescriptor: Int32 { descriptor.load(ordering: .acquiring) }

    /// Whether ``close()`` has been called.
    public var isClosed: Bool { rawDescriptor < 0 }

    /// Closes the descriptor. Idempotent. Close a device only once no other thread is in a call
    /// on it: a call that read the descriptor just before could otherwise reach a file that later
    /// reuses the number.
    public func close() {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// The descriptor for a call, or `EBADF` when closed.
    func openDescriptor(for call: String) throws(DRMError) -> Int32 {
        let fd = rawDescriptor
        if fd < 0 { throw DRMError(call: call, errno: .badFileDescriptor, detail: path) }
        return fd
    }

    /// Makes one C call on the open descriptor through the module's errno funnel: its result, or a
    /// ``DRMError`` naming `call` and `detail` (the device's path when nil). libdrm's `drmIoctl`
    /// already repeats an ioctl interrupted by a signal, so nothing is retried here unless asked.
    @discardableResult
    func perform<Value: FixedWidthInteger>(
        _ call: String, detail: String? = nil, retryOnInterrupt: Bool = false, _ body: (Int32) -> Value
    ) throws(DRMError) -> Value {
        let fd = try openDescriptor(for: call)
        switch SystemCall.valueOrErrno(retryOnInterrupt: retryOnInterrupt, { body(fd) }) {
        case .success(let value): return value
        case .failure(let error): throw DRMError(call: call, errno: error, detail: detail ?? path)
        }
    }

    /// Makes one libdrm call that returns a pointer (NULL on failure) on the open descriptor.
    func performReturningPointer<Pointer>(
        _ call: String, detail: String? = nil, _ body: (Int32) -> Pointer?
    ) throws(DRMError) -> Pointer {
        let fd = try openDescriptor(for: call)
        switch SystemCall.pointerOrErrno({ body(fd) }) {
        case .success(let pointer): return pointer
        case .failure(let error): throw DRMError(call: call, errno: error, detail: detail ?? path)
        }
    }

    /// The kernel driver's name and version (DRM_IOCTL_VERSION).
    public func version() throws(DRMError) -> DRMDriverVersion {
        let version = try performReturningPointer("drmGetVersion") { drmGetVersion($0) }
        defer { drmFreeVersion(version) }
        func string(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> String {
            guard let pointer, length > 0 else { return "" }
            let bytes = UnsafeRawBufferPointer(start: pointer, count: Int(length))
            return String(decoding: bytes, as: UTF8.self)
        }
        let v = version.pointee
        return DRMDriverVersion(
            name: string(v.name, v.name_len), description: string(v.desc, v.desc_len),
            date: string(v.date, v.date_len), major: Int(v.version_major), minor: Int(v.version_minor),
            patch: Int(v.version_patchlevel))
    }

    /// The value of a device capability (drmGetCap).
    public func capability(_ capability: DRMCapability) throws(DRMError) -> UInt64 {
        var value: UInt64 = 0
        try perform("drmGetCap", detail: "\(capability)") { drmGetCap($0, capability.rawValue, &value) }
        return value
    }

    /// Sets a client capability, such as universal planes (drmSetClientCap).
    public func setClientCapability(_ capability: DRMClientCapability, to value: UInt64) throws(DRMError) {
        try perform("drmSetClientCap", detail: "\(capability)") {
            drmSetClientCap($0, capability.rawValue, value)
        }
    }

    /// Whether this descriptor is the device's DRM master (the only one that may set modes and flip).
    public var isMaster: Bool {
        let fd = rawDescriptor
        return fd >= 0 && drmIsMaster(fd) != 0
    }

    /// Becomes DRM master (drmSetMaster): needs root, or having been master before.
    public func setMaster() throws(DRMError) {
        try perform("drmSetMaster") { drmSetMaster($0) }
    }

    /// Gives up DRM master (drmDropMaster), so that another client may set modes.
    public func dropMaster() throws(DRMError) {
        try perform("drmDropMaster") { drmDropMaster($0) }
    }
}
