import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Feeds the bytes through a pipe to `DRMEventReader` with a small read buffer, as the kernel's
/// descriptor would hand them over, and compares every read with the reference parser applied to
/// the same chunk: records, or `EBADMSG` carrying the same parse error.
func checkPipeReads(_ bytes: [UInt8], bufferSize: Int, skipUnknown: Bool) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { fatalError("pipe: errno \(errno)") }
    defer {
        close(fds[0])
        close(fds[1])
    }
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    guard written == bytes.count else { fatalError("short write to the pipe: \(written)") }

    let reader = DRMEventReader(
        fileDescriptor: fds[0], parser: DRMEventParser(unknownEvents: skipUnknown ? .skip : .reject),
        bufferSize: bufferSize)
    var offset = 0
    var reads = 0
    while offset < bytes.count {
        let chunk = bytes[offset..<min(offset + reader.bufferSize, bytes.count)]
        let expected = ReferenceEventParser.parse(chunk, skipUnknown: skipUnknown)
        var handed: [DRMEvent] = []
        do {
            let count = try reader.readEvents { handed.append($0) }
            invariant(
                expected.error == nil, "read of \(chunk.count) bytes accepted; expected \(expected.error!)")
            invariant(count == handed.count, "readEvents returned \(count) for \(handed.count) records")
        } catch {
            invariant(
                error.errno == .badMessage && error.malformedEvent == expected.error && expected.error != nil,
                "read of \(chunk.count) bytes threw \(error); expected \(String(describing: expected.error))")
        }
        invariant(handed == expected.events, "records handed over differ from the reference")
        offset += chunk.count
        reads += 1
        invariant(reads <= bytes.count, "the reader does not make progress")
    }
    // Everything consumed: a non-blocking read finds nothing pending.
    do {
        let events = try reader.readEvents()
        invariant(events.isEmpty, "events after the end of the bytes")
    } catch {
        invariant(false, "reading an empty pipe threw \(error)")
    }
}
