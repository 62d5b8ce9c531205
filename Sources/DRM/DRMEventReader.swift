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
    /// The most bytes taken by one read: 1 KiB holds 32 vblank or sequence records (the kernel
    /// hands out whole records and leaves the rest for the next read), and fits on the stack.
    public var bufferSize: Int

    /// Creates a reader over `fileDescriptor`.
    public init(fileDescriptor: Int32, parser: DRMEventParser = DRMEventParser(), bufferSize: Int = 1024) {
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
        var events: [DRMEvent] = []
        try readEvents { events.append($0) }
        return events
    }

    /// Reads once into a stack buffer and hands each record to `body` as it is parsed, without
    /// allocating; returns how many records were read (0 when nothing is pending or at end of
    /// file). Records before a malformed one have been handed over when the error is thrown.
    ///
    /// - Throws: as ``readEvents()``.
    @discardableResult
    public func readEvents(_ body: (DRMEvent) -> Void) throws(DRMError) -> Int {
        let result: Result<Int, DRMError> = withUnsafeTemporaryAllocation(byteCount: bufferSize, alignment: 8)
        {
            raw in
            var count = 0
            while true {
                count = Glibc.read(fileDescriptor, raw.baseAddress, raw.count)
                if count >= 0 { break }
                let code = Glibc.errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return .success(0) }
                return .failure(DRMError(call: "read", errno: code, detail: "drm events"))
            }
            var records = 0
            do throws(DRMEventParseError) {
                try parser.forEachEvent(in: UnsafeRawBufferPointer(rebasing: raw[0..<count])) { event in
                    records += 1
                    body(event)
                }
                return .success(records)
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
    /// Poll ``fileDescriptor`` for readability to wait for them. Unknown record types are skipped
    /// by default: other users of the descriptor may ask for events this module does not know.
    public func readEvents(unknownEvents: DRMEventParser.UnknownEventPolicy = .skip) throws(DRMError)
        -> [DRMEvent]
    {
        let fd = try openDescriptor(for: "read")
        return try DRMEventReader(fileDescriptor: fd, parser: DRMEventParser(unknownEvents: unknownEvents))
            .readEvents()
    }
}

extension DRMDevice {
    /// Reads the pending event records and hands each to `body` without allocating; returns how
    /// many were read (0 when none are pending). Unknown record types are skipped by default.
    @discardableResult
    public func readEvents(
        unknownEvents: DRMEventParser.UnknownEventPolicy = .skip, _ body: (DRMEvent) -> Void
    ) throws(DRMError) -> Int {
        let fd = try openDescriptor(for: "read")
        return try DRMEventReader(fileDescriptor: fd, parser: DRMEventParser(unknownEvents: unknownEvents))
            .readEvents(body)
    }
}
