#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Symbolic names and messages for the errno values DRM calls produce.
enum ErrnoName {
    private static let symbols: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO",
        E2BIG: "E2BIG", ENOEXEC: "ENOEXEC", EBADF: "EBADF", ECHILD: "ECHILD", EAGAIN: "EAGAIN",
        ENOMEM: "ENOMEM", EACCES: "EACCES", EFAULT: "EFAULT", EBUSY: "EBUSY", EEXIST: "EEXIST",
        EXDEV: "EXDEV", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL",
        ENFILE: "ENFILE", EMFILE: "EMFILE", ENOTTY: "ENOTTY", EFBIG: "EFBIG", ENOSPC: "ENOSPC",
        ESPIPE: "ESPIPE", EROFS: "EROFS", EPIPE: "EPIPE", ERANGE: "ERANGE", EDEADLK: "EDEADLK",
        ENAMETOOLONG: "ENAMETOOLONG", ENOSYS: "ENOSYS", ELOOP: "ELOOP", EBADMSG: "EBADMSG",
        EPROTO: "EPROTO", EOVERFLOW: "EOVERFLOW", EOPNOTSUPP: "EOPNOTSUPP", ETIMEDOUT: "ETIMEDOUT",
        ECANCELED: "ECANCELED",
    ]

    /// `"EINVAL"` for `EINVAL`; `"errno N"` for a value without a name here.
    static func symbol(for code: Int32) -> String {
        symbols[code] ?? "errno \(code)"
    }

    /// The C library's message for `code` (strerror).
    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "unknown error" }
        return String(cString: text)
    }
}
