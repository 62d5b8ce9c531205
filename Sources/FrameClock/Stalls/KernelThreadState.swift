import SystemPackage

/// What the kernel shows of a thread of this process in `/proc/self/task/TID/syscall`: that it runs
/// user code, or that it is blocked in the kernel — in a system call (its number) or not — with the
/// stack pointer and program counter it will return to.
enum KernelThreadState: Hashable, Sendable {
    /// On a CPU in user code, or about to be: no registers are shown.
    case running
    /// Blocked in the kernel; `call` is the system call's number, nil outside one (a page fault).
    case blocked(call: Int?, stackPointer: UInt64, programCounter: UInt64)

    /// The state of thread `threadID` (its `gettid`) of this process.
    static func read(threadID: Int32) throws(Errno) -> KernelThreadState {
        let path = FilePath("/proc/self/task/\(threadID)/syscall")
        let text: String
        do {
            let file = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
            defer { try? file.close() }
            text = try String(unsafeUninitializedCapacity: maximumLength) { buffer in
                try file.read(into: UnsafeMutableRawBufferPointer(buffer))
            }
        } catch let error as Errno {
            throw error
        } catch {
            throw Errno.ioError
        }
        guard let state = parse(text) else { throw Errno.ioError }
        return state
    }

    /// The longest line the kernel writes: a number and eight registers in hexadecimal.
    private static let maximumLength = 256

    /// Parses the file's one line: "running", or "NR ARG1..ARG6 SP PC" in a system call, or
    /// "-1 SP PC" blocked outside one. Nil for anything else.
    static func parse(_ text: String) -> KernelThreadState? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        if fields == ["running"] { return .running }
        guard let number = fields.first.flatMap({ Int($0) }), fields.count == (number < 0 ? 3 : 9),
            let stackPointer = hexadecimal(fields[fields.count - 2]),
            let programCounter = hexadecimal(fields[fields.count - 1])
        else { return nil }
        return .blocked(
            call: number < 0 ? nil : number, stackPointer: stackPointer, programCounter: programCounter)
    }

    private static func hexadecimal(_ field: Substring) -> UInt64? {
        guard field.hasPrefix("0x") else { return nil }
        return UInt64(field.dropFirst(2), radix: 16)
    }
}
