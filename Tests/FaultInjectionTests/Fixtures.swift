import DRM
import Testing

@testable import FrameClock
@testable import VirtualKernel

#if canImport(Glibc)
    import Glibc
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
