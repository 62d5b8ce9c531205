import DRM
import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Numbers shared by the fault tests: vblank 0 at 1 s with counter 5000, vkms's exact interval.
enum Fixture {
    static let period = ScriptedKernel.period
    static let firstSequence: Int64 = 5000

    /// The mode's exact interval, as the source reports it.
    static var framePeriod: FramePeriod {
        get throws { try FramePeriod(htotal: 1344, vtotal: 806, pixelClockKilohertz: 65000) }
    }

    /// The sequences of `count` frames from vblank `first` on, one a vblank.
    static func sequences(from first: Int64, count: Int) -> [Int64] {
        (0..<Int64(count)).map { firstSequence + first + $0 }
    }

    /// The instants of vblanks `first ..< first + count` of `kernel`.
    static func times(_ kernel: ScriptedKernel, from first: Int64, count: Int) -> [Int64] {
        (0..<Int64(count)).map { kernel.vblankTime(first + $0) }
    }
}

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
