internal import PthreadLock

/// The mutex that guards a connection's state and every object made on it: the package's pthread
/// mutex, which the thread sanitizer understands.
typealias ConnectionLock = PthreadMutex
