internal import CBlockedStack
internal import CLinuxShims
internal import Runtime
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A thread that stall reports may take the stack of: its `pthread_t` (for a signal) and its kernel
/// thread id (for `/proc/self/task`).
package struct SampledThread: Hashable, Sendable {
    let pthread: UInt
    let threadID: Int32

    /// The calling thread.
    package static var current: SampledThread {
        SampledThread(
            pthread: UInt(bitPattern: Int(bitPattern: pthread_self())), threadID: fc_current_thread_id())
    }
}

/// A stack for a stall report, innermost first, as function names; or none, and why.
package struct StackSample: Hashable, Sendable {
    package var frames: [String]
    /// Why there are no frames; nil when there are.
    package var missingReason: String?

    static func missing(_ reason: String) -> StackSample { StackSample(frames: [], missingReason: reason) }
}

/// A stack as taken, innermost first: a program counter, then return addresses; or none, and why.
/// Naming the addresses (``StackSampler/name(_:)``) takes longer than taking them.
package struct SampledStack: Hashable, Sendable {
    package var addresses: [UInt]
    /// Why there are no addresses; nil when there are.
    package var missingReason: String?

    static func missing(_ reason: String) -> SampledStack {
        SampledStack(addresses: [], missingReason: reason)
    }
}

/// Stacks as function names: another thread's, taken without disturbing it, or the calling thread's.
///
/// A thread blocked in the kernel (a system call, the usual stall) is never signalled: its program
/// counter and stack pointer are read from `/proc/self/task/TID/syscall`, its stack (our own memory)
/// is walked by libunwind, and the registers are read again so that a thread that woke meanwhile
/// is not reported with a torn stack. Only a thread that runs user code, with no call to interrupt,
/// is asked for its stack by a signal whose handler records it.
package enum StackSampler {
    /// How many times a thread that keeps moving is looked at before the report goes without a stack.
    private static let attempts = 4
    /// How many more looks a thread must be seen running in before it is signalled: a thread seen
    /// running once may be entering a system call that the signal would cut short.
    private static let runningConfirmations = 2
    /// The pause between those looks.
    private static let confirmationPause: UInt32 = 500
    /// The most frames a stack keeps.
    private static let capacity = 64
    /// How long a running thread has to answer the signal.
    private static let signalTimeout: Int64 = 100_000_000

    /// Installs the signal handler for running threads, once; false where it cannot be.
    static let isAvailable: Bool = fc_stack_sampler_install() == 0

    /// Lets the calling thread (a frame thread) be sampled when it runs user code.
    static func acceptSamplingOnThisThread() {
        fc_stack_sampler_accept()
    }

    /// The stack of `thread`, which must be a thread of this process that is not the caller.
    package static func sample(_ thread: SampledThread) -> SampledStack {
        var problem = "it kept waking while its stack was read"
        for _ in 0..<attempts {
            let state: KernelThreadState
            do {
                state = try KernelThreadState.read(threadID: thread.threadID)
            } catch {
                return .missing("its registers cannot be read from /proc (\(SystemCall.name(of: error)))")
            }
            switch state {
            case .blocked(_, let stackPointer, let programCounter):
                let unwound = unwind(programCounter: programCounter, stackPointer: stackPointer)
                // The same registers after the walk: the thread did not run meanwhile.
                guard (try? KernelThreadState.read(threadID: thread.threadID)) == state else { continue }
                switch unwound {
                case .success(let addresses): return SampledStack(addresses: addresses, missingReason: nil)
                case .failure(let error):
                    return .missing("its stack could not be walked (\(SystemCall.name(of: error)))")
                }
            case .running:
                guard isRunningUserCode(thread.threadID) else {
                    problem = "it was entering or leaving a system call at each look"
                    continue
                }
                return sampleBySignal(thread)
            }
        }
        return .missing(problem)
    }

    /// Whether the thread is still seen running after a few more looks.
    private static func isRunningUserCode(_ threadID: Int32) -> Bool {
        for _ in 0..<runningConfirmations {
            usleep(confirmationPause)
            guard (try? KernelThreadState.read(threadID: threadID)) == .running else { return false }
        }
        return true
    }

    /// The return addresses of a blocked thread, walked from its registers.
    private static func unwind(programCounter: UInt64, stackPointer: UInt64) -> Result<[UInt], Errno> {
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) { frames in
            let count = fc_unwind_blocked_thread(
                programCounter, stackPointer, frames.baseAddress, Int32(capacity))
            guard count > 0 else { return .failure(Errno(rawValue: -count)) }
            return .success(frames.prefix(Int(count)).map { UInt(bitPattern: $0) })
        }
    }

    /// A running thread's stack, recorded by its signal handler.
    private static func sampleBySignal(_ thread: SampledThread) -> SampledStack {
        guard isAvailable else {
            return .missing("it runs user code, and the sampling signal cannot be installed")
        }
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) {
            frames in
            let count = fc_stack_sample(thread.pthread, frames.baseAddress, Int32(capacity), signalTimeout)
            guard count > 0 else {
                return .missing("it runs user code and did not answer the sampling signal")
            }
            // The first frames are the signal handler's own and the kernel's return trampoline.
            let addresses = frames.prefix(Int(count)).dropFirst(2).map { UInt(bitPattern: $0) }
            return SampledStack(addresses: addresses, missingReason: nil)
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
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) {
            frames in
            let count = fc_stack_of_this_thread(frames.baseAddress, Int32(capacity))
            return names(frames.prefix(Int(max(0, count))).dropFirst().map { UInt(bitPattern: $0) })
        }
    }

    /// A sampled stack as function names.
    package static func name(_ stack: SampledStack) -> StackSample {
        StackSample(frames: names(stack.addresses), missingReason: stack.missingReason)
    }

    /// The names already looked up, by address: a stall's frames recur, and dladdr scans an image's
    /// whole symbol table for each.
    private static let knownNames = Locked<[UInt: String]>([:])
    /// The most names kept.
    private static let knownNamesCapacity = 4096

    /// The names of `addresses` (a program counter, then return addresses), those without an
    /// exported name as their image and offset, runs of the same name (recursion, thunks) kept once.
    private static func names(_ addresses: [UInt]) -> [String] {
        var result: [String] = []
        var buffer = [CChar](repeating: 0, count: 512)
        for (index, address) in addresses.enumerated() where address != 0 {
            // A return address may lie past its function's end (a call that does not return).
            let lookup = index == 0 ? address : address - 1
            let name =
                knownNames.withLock { $0[lookup] }
                ?? {
                    let named = buffer.withUnsafeMutableBufferPointer {
                        fc_symbol_name(UnsafeMutableRawPointer(bitPattern: lookup), $0.baseAddress, $0.count)
                    }
                    let name =
                        named != 0
                        ? String(
                            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                        : "0x" + String(address, radix: 16)
                    knownNames.withLock { known in
                        if known.count >= knownNamesCapacity { known.removeAll(keepingCapacity: true) }
                        known[lookup] = name
                    }
                    return name
                }()
            if result.last != name { result.append(name) }
        }
        return result
    }
}
