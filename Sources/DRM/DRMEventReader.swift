#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads and parses DRM event records from a descriptor: a DRM device, or (for tests) a pipe or
/// socket carrying the same bytes.
///
/// One `read(2)` of up to ``bufferSize`` bytes is parsed per call; the kernel returns whole
/// records only, so a partial record is reported as malformed, never waited for.
public struct DRMEventReader: Sendable {
    /// The descriptor read from (not owned: the reader never closes it).
    public var fileDescriptor: Int32
    /// How unknown record types are handled.
    public var parser: DRMEventParser
    /// The most bytes taken by one read (the kernel's own buffer for events is 4 KiB).
    public var bufferSize: Int

    /// Creates a reader over `fileDescriptor`.
    public init(fileDescriptor: Int32, parser: DRMEventParser = DRMEventParser(), bufferSize: Int = 4096) {
        self.fileDescriptor = fileDescriptor
        self.parser = parser
        self.bufferSize = max(bufferSize, DRMEventParser.headerSize)
    }

    /// Reads once and returns the records read, or an empty array when nothing is pending
    /// (`EAGAIN` on a non-blocking descriptor) or at end of file. Blocks on a blocking descriptor.
    ///
    /// - Throws: ``DRMError`` with call `"read"` and the errno of a failed read, or with errno
    ///   `EBADMSG` and ``DRMError/malformedEvent`` set when the bytes are not well-formed records.
    public func readEvents() throws(DRMError) -> [DRMEvent] {
        // One read into a stack buffer, parsed in place: no allocation but the result.
        let result: Result<[DRMEvent], DRMError> = withUnsafeTemporaryAllocation(
            byteCount: bufferSize, alignment: 8
        ) { raw in
            var count = 0
            while true {
                count = Glibc.read(fileDescriptor, raw.baseAddress, raw.count)
                if count >= 0 { break }
                let code = Glibc.errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return .success([]) }
                return .failure(DRMError(call: "read", errno: code, detail: "drm events"))
            }
            if count == 0 { return .success([]) }
            do throws(DRMEventParseError) {
                return .success(try parser.parse(UnsafeRawBufferPointer(rebasing: raw[0..<count])))
            } catch {
                return .failure(
                    DRMError(call: "read", errno: EBADMSG, detail: "drm events", malformedEvent: error))
            }
        }
        return try result.get()
    }
}

extension DRMDevice {
    /// Reads the pending event records (non-blocking: an empty array when none are pending).
    /// Poll ``fileDescriptor`` for readability to wait for them.
    public func readEvents(unknownEvents: DRMEventParser.UnknownEventPolicy = .skip) throws(DRMError)
        -> [DRMEvent]
    {
        let fd = try openDescriptor(for: "read")
        return try DRMEventReader(fileDescriptor: fd, parser: DRMEventParser(unknownEvents: unknownEvents))
            .readEvents()
    }
}
