import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An errno with its name, for parameterised tests.
struct NamedErrno: Sendable, CustomTestStringConvertible {
    var code: Int32
    var name: String
    var testDescription: String { name }

    static let EINVAL = NamedErrno(code: Glibc.EINVAL, name: "EINVAL")
    static let EBUSY = NamedErrno(code: Glibc.EBUSY, name: "EBUSY")
    static let ENODEV = NamedErrno(code: Glibc.ENODEV, name: "ENODEV")
    static let EBADF = NamedErrno(code: Glibc.EBADF, name: "EBADF")
    static let EACCES = NamedErrno(code: Glibc.EACCES, name: "EACCES")
    static let ENXIO = NamedErrno(code: Glibc.ENXIO, name: "ENXIO")
    static let EIO = NamedErrno(code: Glibc.EIO, name: "EIO")
    static let ENOMEM = NamedErrno(code: Glibc.ENOMEM, name: "ENOMEM")
}
