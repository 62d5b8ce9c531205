/// libFuzzer's entry point for the DRM event parser: the first byte chooses the unknown-event
/// policy and a read-buffer size, the rest is the record stream as read from a DRM descriptor.
/// Built with `swiftc -sanitize=fuzzer,address` together with every source of the DRM module (see
/// Tests/Fuzz/run-fuzzers.sh). Malformed input must give a typed error, never a trap or a hang,
/// and every result must match an independent reading of the kernel's record layout.
@_cdecl("LLVMFuzzerTestOneInput")
public func drmEventFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let options = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let skipUnknown = options & 1 != 0
    let parser = DRMEventParser(unknownEvents: skipUnknown ? .skip : .reject)
    let expected = ReferenceEventParser.parse(bytes[...], skipUnknown: skipUnknown)

    // The whole buffer at once, through the array and the raw-buffer entry points.
    do {
        let events = try parser.parse(bytes)
        invariant(expected.error == nil, "parse accepted what the reference rejects: \(expected.error!)")
        invariant(events == expected.events, "parsed events differ from the reference")
    } catch {
        invariant(
            error == expected.error, "parse threw \(error); expected \(String(describing: expected.error))")
    }
    var visited: [DRMEvent] = []
    let visit: Result<Void, DRMEventParseError> = bytes.withUnsafeBytes { raw in
        do throws(DRMEventParseError) {
            try parser.forEachEvent(in: raw) { visited.append($0) }
            return .success(())
        } catch {
            return .failure(error)
        }
    }
    switch visit {
    case .success: invariant(expected.error == nil, "forEachEvent accepted what the reference rejects")
    case .failure(let error):
        invariant(
            error == expected.error,
            "forEachEvent threw \(error); expected \(String(describing: expected.error))")
    }
    invariant(visited == expected.events, "forEachEvent handed over other records than the reference")

    checkSequenceGaps(visited)

    // The same bytes through a pipe and the reader, in reads of 8 to 1 KiB.
    let bufferSize = 8 * (1 + Int(options >> 1) % 128)
    checkPipeReads(bytes, bufferSize: bufferSize, skipUnknown: skipUnknown)
    return 0
}
