import Foundation
import SystemPackage
import Testing

@testable import FrameClock

/// Every error FrameClock throws reads as one sentence — what was wrong, then what to do — through
/// `description` and through Foundation's `localizedDescription` alike.
@Suite("FrameClock's error messages")
struct ErrorMessageTests {
    static let displayLinkErrors: [(DisplayLinkError, wrong: String, toDo: String)] = [
        (.invalidFrameRate(0), "invalid frame rate 0.0", "from 0.001 to 100000"),
        (
            .invalidFrameRateRange(minimum: 60, maximum: 30, preferred: nil),
            "invalid frame-rate range (minimum 60.0, maximum 30.0, preferred none)",
            "0 ≤ minimum ≤ preferred ≤ maximum"
        ),
        (.invalidSpinWindow(.milliseconds(-1)), "invalid spin window", "shorter than the frame interval"),
        (.invalidated, "the display link was invalidated", "make a new one"),
        (.alreadyStarted, "the display link already runs a callback", "make another link"),
        (
            .notOnThisSource, "the display link is not on this manual source",
            "DisplayLink(source: .manual(source))"
        ),
        (
            .notOnLoopThread, "the loop source was used off its loop's thread",
            "make the LoopFrameSource on the thread that runs the loop"
        ),
        (.invalidFrameCount(-3), "invalid frame count -3", "zero or more"),
        (.invalidAnimationStep(0), "invalid animation step of 0 frame intervals", "at least 1 interval"),
        (
            .noDivisorInRange(
                (try? FrameRateRange(minimum: 50, maximum: 55)) ?? .native, sourceFramesPerSecond: 60),
            "no whole divisor of 60.0 fps lies in 50.0...55.0 fps", "widen the range"
        ),
        (
            .sourceUnavailable("a shared source cannot wrap another"), "frame source unavailable: a shared",
            ".timer"
        ),
        (
            .drmUnavailable(
                reason: "permission denied opening /dev/dri/card0 (EACCES)", errno: .permissionDenied),
            "DRM vblank source unavailable: permission denied opening /dev/dri/card0 (EACCES)",
            "run as root or as a member of the group that owns the device"
        ),
        (
            .drmUnavailable(reason: "no lit CRTC", errno: nil), "DRM vblank source unavailable: no lit CRTC",
            "use .automatic"
        ),
        (
            .system(SystemCallError(call: "timerfd_create", errno: .tooManyOpenFiles)),
            "timerfd_create failed: EMFILE (Too many open files)", "ulimit -n"
        ),
    ]

    @Test(arguments: displayLinkErrors)
    func displayLinkErrorsSayWhatWasWrongAndWhatToDo(error: DisplayLinkError, wrong: String, toDo: String) {
        let sentence = error.description
        #expect(sentence.hasPrefix(wrong), "\(sentence)")
        #expect(sentence.contains(toDo), "\(sentence)")
        #expect(sentence == "\(error.failureReason ?? "-"); \(error.recoverySuggestion ?? "-")")
        #expect((error as any Error).localizedDescription == sentence)
        #expect(!sentence.contains("DisplayLinkError"))
    }

    @Test(arguments: [
        (Errno.tooManyOpenFiles, "ulimit -n"), (.noMemory, "free some memory"),
        (.permissionDenied, "run it as root"), (.notPermitted, "run it as root"),
        (.resourceTemporarilyUnavailable, "end some and try again"), (.noSuchFileOrDirectory, "path exists"),
        (.badMessage, "see the manual page of eventfd for what EBADMSG means there"),
    ])
    func systemCallErrorsSayWhatToDo(errno: Errno, toDo: String) {
        let error = SystemCallError(call: "eventfd", errno: errno)
        #expect(error.description.hasPrefix("eventfd failed: \(error.errnoName) ("))
        #expect(error.description.contains(toDo), "\(error.description)")
        #expect((error as any Error).localizedDescription == error.description)
        #expect(error.recoverySuggestion.map { error.description.hasSuffix("; " + $0) } == true)
    }

    @Test func anErrorThrownByTheAPIReadsTheSame() {
        let error = #expect(throws: DisplayLinkError.self) {
            try DisplayLink(source: .timer(framesPerSecond: -1))
        }
        #expect(
            error?.localizedDescription
                == "invalid frame rate -1.0; give a finite number of frames per second from 0.001 to 100000")
    }
}
