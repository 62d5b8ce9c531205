internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Reads and parses DRM event records: the one event reader of FrameClock, over a DRM device, a
/// scripted kernel in tests, or (through ``DRMDescriptorEventSource``) a pipe or socket carrying the
/// same bytes.
///
/// One `read(2)` of up to ``bufferSize`` bytes is parsed per call, in a buffer on the stack; the
/// kernel returns whole records only, so a partial record is reported as malformed, never waited
/// for. A read interrupted by a signal is made again.
package struct DRMEventReader<Source: DRMEventSource> {
    /// What one read found.
    package enum Outcome: Hashable, Sendable {
        /// This many records were read and handed over (at least one byte was read).
        case records(Int)
        /// Nothing was pending (`EAGAIN` on a non-blocking descriptor).
        case nothingPending
        /// The read returned 0 bytes. A pipe's writer closed it; a DRM descriptor never does this,
        /// so a caller waiting on one treats it as a failure.
        case endOfFile
    }

    /// Where the bytes come from.
    package var source: Source
    /// How record types are parsed (and unknown ones skipped or rejected).
    package var parser: DRMEventParser
    /// The most bytes taken by one read: 1 KiB holds 32 vblank or sequence records (the kernel
    /// hands out whole records and leaves the rest for the next read), and fits on the stack.
    package var bufferSize: Int

    /// Creates a reader over `source`.
    package init(source: Source, parser: DRMEventParser = DRMEventParser(), bufferSize: Int = 1024) {
        self.source = source
        self.parser = parser
        self.bufferSize = max(bufferSize, DRMEventParser.headerSize)
    }

    /// Reads once and hands each record to `body` as it is parsed, without allocating. Records
    /// before a malformed one have been handed over when the error is thrown.
    ///
    /// - Throws: ``DRMError`` with call `"read"` and the errno of a failed read, or with errno
    ///   `EBADMSG` and ``DRMError/malformedEvent`` set when the bytes are not well-formed records.
    package func read(_ body: (DRMEvent) -> Void) throws(DRMError) -> Outcome {
        try withUnsafeTemporaryAllocation(byteCount: bufferSize, alignment: 8) { raw throws(DRMError) in
            var count = 0
            while true {
                do throws(DRMError) {
                    count = try source.read(into: raw)
                    break
                } catch  where error.errno == .interrupted {
                    continue
                } catch  where error.errno == .resourceTemporarilyUnavailable {
                    return .nothingPending
                }
            }
            guard count > 0 else { return .endOfFile }
            var records = 0
            do throws(DRMEventParseError) {
                try parser.forEachEvent(in: UnsafeRawBufferPointer(rebasing: raw[0..<min(count, raw.count)]))
                {
                    event in
                    records += 1
                    body(event)
                }
            } catch {
                throw DRMError(call: "read", errno: .badMessage, detail: "drm events", malformedEvent: error)
            }
            return .records(records)
        }
    }

    /// Reads once and hands each record to `body`; returns how many were read (0 when nothing is
    /// pending, or at end of file).
    ///
    /// - Throws: as ``read(_:)``.
    @discardableResult
    package func readEvents(_ body: (DRMEvent) -> Void) throws(DRMError) -> Int {
        guard case .records(let count) = try read(body) else { return 0 }
        return count
    }

    /// Reads once and returns the records read; empty when nothing is pending or at end of file.
    ///
    /// - Throws: as ``read(_:)``.
    package func readEvents() throws(DRMError) -> [DRMEvent] {
        var events: [DRMEvent] = []
        try readEvents { events.append($0) }
        return events
    }
}

extension DRMEventReader where Source == DRMDescriptorEventSource {
    /// Creates a reader over a descriptor that it does not own (a pipe or socket in tests).
    package init(fileDescriptor: Int32, parser: DRMEventParser = DRMEventParser(), bufferSize: Int = 1024) {
        self.init(
            source: DRMDescriptorEventSource(fileDescriptor: fileDescriptor), parser: parser,
            bufferSize: bufferSize)
    }
}

/// Event bytes from a descriptor that is not a ``DRMDevice``: a pipe or socket carrying DRM records.
package struct DRMDescriptorEventSource: DRMEventSource, Sendable {
    /// The descriptor read from (not owned: it is never closed here).
    package var fileDescriptor: Int32

    /// Creates a source over `fileDescriptor`.
    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// One `read(2)` of the descriptor.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int {
        let result = SystemCall.valueOrErrno(retryOnInterrupt: false) {
            Glibc.read(fileDescriptor, buffer.baseAddress, buffer.count)
        }
        switch result {
        case .success(let count): return count
        case .failure(let error): throw DRMError(call: "read", errno: error, detail: "drm events")
        }
    }
}

extension DRMDevice {
    /// A reader of this device's event records. Unknown record types are skipped by default: other
    /// users of the descriptor may ask for events this module does not know.
    package func eventReader(unknownEvents: DRMEventParser.UnknownEventPolicy = .skip) -> DRMEventReader<
        DRMDevice
    > {
        DRMEventReader(source: self, parser: DRMEventParser(unknownEvents: unknownEvents))
    }

    /// Reads the pending event records (non-blocking: an empty array when none are pending).
    /// Poll ``fileDescriptor`` for readability to wait for them. Record types this module does not
    /// know (another user of the descriptor may ask for them) are skipped.
    public func readEvents() throws(DRMError) -> [DRMEvent] {
        try eventReader().readEvents()
    }

    /// Reads the pending event records and hands each to `body` without allocating; returns how
    /// many were read (0 when none are pending). Unknown record types are skipped.
    @discardableResult
    public func readEvents(_ body: (DRMEvent) -> Void) throws(DRMError) -> Int {
        try eventReader().readEvents(body)
    }

    /// Reads the pending event records, unknown record types handled as `unknownEvents` says.
    package func readEvents(unknownEvents: DRMEventParser.UnknownEventPolicy) throws(DRMError) -> [DRMEvent] {
        try eventReader(unknownEvents: unknownEvents).readEvents()
    }
}
