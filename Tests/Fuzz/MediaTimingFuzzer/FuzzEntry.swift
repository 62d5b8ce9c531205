/// libFuzzer's entry point for MediaTiming: the first byte chooses the regime (tame or wild), the
/// rest is a sequence of operations on a small layer tree (see `FuzzScene`). Built with
/// `swiftc -sanitize=fuzzer,address` together with every source of MediaTiming (see
/// Tests/Fuzz/run-fuzzers.sh); an invariant break traps and libFuzzer reports it.
@_cdecl("LLVMFuzzerTestOneInput")
public func mediaTimingFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    var scene = FuzzScene(tame: input.bool())
    scene.run(&input)
    return 0
}
