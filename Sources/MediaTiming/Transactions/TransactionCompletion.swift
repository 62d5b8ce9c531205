/// A transaction's completion and the animations it waits for: it runs once, when the
/// transaction has been committed and every animation counted has stopped.
final class TransactionCompletion {
    /// The closure, until it has run.
    private(set) var body: (() -> Void)?
    /// Animations counted that have not stopped yet.
    private var remaining = 0
    /// Whether the transaction has been committed, or its completion replaced: no animation is
    /// counted from then on.
    private(set) var isClosed = false

    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    /// Counts one more animation to wait for.
    func count() {
        remaining += 1
    }

    /// Notes that the transaction is committed (or its completion replaced).
    func close() {
        isClosed = true
    }

    /// Notes that an animation counted has stopped.
    func animationStopped() {
        remaining -= 1
    }

    /// Whether the completion is to run now: closed, nothing left to wait for, not run yet.
    var isDue: Bool { isClosed && remaining <= 0 && body != nil }

    /// Runs the completion, if it has not run; it never runs again.
    func run() {
        let body = self.body
        self.body = nil
        body?()
    }
}
