internal import PthreadLock

/// State that several threads share behind the package's pthread mutex (the thread sanitizer
/// understands it, where it reports false races on the futex-based `Synchronization.Mutex` under
/// contention). For what is taken rarely — when a layer compiles its animations, when a timing
/// function is made — never on a frame's path.
final class SharedState<State>: @unchecked Sendable {
    private let mutex = PthreadMutex()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    func withLock<Result>(_ body: (inout State) -> Result) -> Result {
        mutex.withLock { body(&state) }
    }
}
