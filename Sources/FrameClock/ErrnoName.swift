#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Symbolic names and messages for errno values.
public enum ErrnoName {
    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO", EBADF: "EBADF",
        EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY",
        EEXIST: "EEXIST", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL",
        EMFILE: "EMFILE", ENOTTY: "ENOTTY", ENOSPC: "ENOSPC", ENOSYS: "ENOSYS", EOPNOTSUPP: "EOPNOTSUPP",
        ETIMEDOUT: "ETIMEDOUT", ERANGE: "ERANGE",
    ]

    /// The symbolic name of `code`, such as `EINVAL`, or `errno N` for one without a name here.
    public static func name(_ code: Int32) -> String {
        names[code] ?? "errno \(code)"
    }

    /// The C library's message for `code`.
    public static func message(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "unknown error" }
        return String(cString: text)
    }
}
