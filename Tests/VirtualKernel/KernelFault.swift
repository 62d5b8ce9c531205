/// Kernel calls that a ``ScriptedKernel`` makes fail with an errno: from the `nth` call of a kind
/// (counted from 1), or from the first call of that kind at or after a virtual instant, for `count`
/// calls in a row.
struct KernelFault: Hashable, Sendable {
    /// The calls of the seam that faults can be put on.
    enum Call: String, CaseIterable, Hashable, Sendable {
        case currentSequence, queueSequence, waitVBlank, requestVBlankEvent, read, poll
        case createTimer, setTimer, waitForTimer
    }

    /// Where the failing calls start.
    enum Trigger: Hashable, Sendable {
        /// At the `n`th call of the kind.
        case call(Int)
        /// At the first call of the kind made at or after this instant (for calls whose number is
        /// not fixed, such as `poll`, which a control wake-up can repeat).
        case time(Int64)
    }

    var call: Call
    var trigger: Trigger
    var errno: Int32
    var count: Int

    /// The `nth` call of `call` fails with `errno`, once.
    static func once(_ call: Call, _ nth: Int, _ errno: Int32) -> KernelFault {
        KernelFault(call: call, trigger: .call(nth), errno: errno, count: 1)
    }

    /// The `nth` call of `call` and every later one fail with `errno` (a state that lasts, such as a
    /// CRTC that stays off).
    static func fromThenOn(_ call: Call, _ nth: Int, _ errno: Int32) -> KernelFault {
        KernelFault(call: call, trigger: .call(nth), errno: errno, count: .max)
    }

    /// The first call of `call` at or after `time`, and the `count − 1` after it, fail with `errno`.
    static func at(_ call: Call, time: Int64, _ errno: Int32, count: Int = 1) -> KernelFault {
        KernelFault(call: call, trigger: .time(time), errno: errno, count: count)
    }
}
