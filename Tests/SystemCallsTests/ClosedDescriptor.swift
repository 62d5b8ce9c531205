import SystemCalls
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A descriptor number that is surely closed while a test uses it: an eventfd moved to `number` (a
/// high one, which the lowest-free rule of other tests' opens does not reach) and closed there. Each
/// test passes its own number, so tests running side by side never share one.
func closedDescriptor(at number: Int32) throws -> FileDescriptor {
    let event = try EventDescriptor.create()
    let moved = fcntl(event.fileDescriptor.rawValue, F_DUPFD_CLOEXEC, number)
    try event.close()
    try #require(moved == number)
    try EventDescriptor(FileDescriptor(rawValue: moved)).close()
    return FileDescriptor(rawValue: moved)
}
