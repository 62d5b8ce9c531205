internal import CLinuxShims
internal import Runtime

/// Stacks as function names: another thread's (taken by a signal handler on it) or the calling
/// thread's.
enum StackSampler {
    /// Installs the signal handler, once; false where it cannot be.
    static let isAvailable: Bool = fc_stack_sampler_install() == 0

    /// Lets the calling thread (a frame thread) be sampled.
    static func acceptSamplingOnThisThread() {
        fc_stack_sampler_accept()
    }

    /// The stack of `thread` (a `pthread_t`), innermost first, as function names; empty when it
    /// could not be taken within `timeout` nanoseconds.
    static func stack(of thread: UInt, timeout: Int64 = 100_000_000) -> [String] {
        guard isAvailable else { return [] }
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 64) { frames in
            let count = fc_stack_sample(thread, frames.baseAddress, 64, timeout)
            guard count > 0 else { return [] }
            // The first frames are the signal handler's own and the kernel's return trampoline.
            return names(Array(frames.prefix(Int(count))), droppingFirst: 2)
        }
    }

    /// The calling thread's stack, innermost first, as function names: the Swift runtime's
    /// symbolication, which reads the images' own symbol tables (so it names functions that are not
    /// exported too); dladdr's names where it cannot.
    static func stackOfThisThread() -> [String] {
        if let backtrace = try? Backtrace.capture(), let symbolicated = backtrace.symbolicated() {
            var result: [String] = []
            for frame in symbolicated.frames {
                guard let name = frame.symbol?.name else { continue }
                if result.last != name { result.append(name) }
            }
            if !result.isEmpty { return result }
        }
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 64) { frames in
            let count = fc_stack_of_this_thread(frames.baseAddress, 64)
            return names(Array(frames.prefix(Int(max(0, count)))), droppingFirst: 1)
        }
    }

    /// The names of `addresses`, those without an exported name as their image and offset, runs of
    /// the same name (recursion, thunks) kept once.
    private static func names(_ addresses: [UnsafeMutableRawPointer?], droppingFirst dropped: Int) -> [String]
    {
        var result: [String] = []
        var buffer = [CChar](repeating: 0, count: 512)
        for address in addresses.dropFirst(dropped) {
            guard let address else { continue }
            let named = buffer.withUnsafeMutableBufferPointer {
                fc_symbol_name(address, $0.baseAddress, $0.count)
            }
            let name =
                named != 0
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                : "0x" + String(UInt(bitPattern: address), radix: 16)
            if result.last != name { result.append(name) }
        }
        return result
    }
}
