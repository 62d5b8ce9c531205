import Synchronization

/// The check's failures, from any thread; the program exits non-zero if there is one.
final class CheckFailures: Sendable {
    private let failures = Mutex<[String]>([])

    /// Records a failure when `condition` is false, and prints the outcome either way.
    func expect(_ condition: Bool, _ description: String) {
        print("\(condition ? "ok  " : "FAIL") \(description)")
        if !condition { failures.withLock { $0.append(description) } }
    }

    var all: [String] { failures.withLock { $0 } }
}
