internal import SystemCalls
import SystemPackage

extension SystemCall {
    /// Runs `call` and throws a ``SystemCallError`` naming `name` when it fails.
    @discardableResult
    static func perform<Value: FixedWidthInteger>(
        _ name: String, retryOnInterrupt: Bool = false, _ call: () -> Value
    ) throws(SystemCallError) -> Value {
        switch valueOrErrno(retryOnInterrupt: retryOnInterrupt, call) {
        case .success(let value): return value
        case .failure(let error): throw SystemCallError(call: name, errno: error)
        }
    }
}
