import Foundation
import TestSupport
import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// Stall reports of calls blocked in the kernel, on every kind of frame thread: the call returns
/// exactly when it would with no watchdog, and the report names it.
// Serialized: the watchdog is one thread for the process, and a stall it reaches only after its end
// is reported without a stack.
@Suite("Stall reports leave the stalled call alone", .serialized)
struct UndisturbedStallTests {
    /// Where the blocking call runs.
    enum Place: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case callbackOnItsOwnThread
        case renderDeadlineCallbackOnASharedThread
        case jobOnItsOwnThread
        case jobOnASharedThread

        var testDescription: String { rawValue }
        var sharesThread: Bool {
            self == .renderDeadlineCallbackOnASharedThread || self == .jobOnASharedThread
        }
        var isJob: Bool { self == .jobOnItsOwnThread || self == .jobOnASharedThread }
    }

    static let threshold = Duration.milliseconds(100)
    static let blocked = Duration.milliseconds(400)
    /// Beyond the deadline, what a loaded machine may add to a wake-up: a sanity bound only.
    static let wakeUpAllowance = Duration.milliseconds(250)

    /// Whether this process runs under the thread sanitizer, which may withhold a stack.
    static let underThreadSanitizer = dlsym(nil, "__tsan_init") != nil

    /// A rate of its own for each shared case, so that no other test's links share its thread.
    static func rate(for call: BlockingCall, _ place: Place) -> Double {
        let callIndex = Double(BlockingCall.allCases.firstIndex(of: call)!)
        let placeIndex = Double(Place.allCases.firstIndex(of: place)!)
        return 57 + callIndex * 0.125 + placeIndex * 0.015625
    }

    @Test(
        "a call blocked past the threshold returns when it would, reported while it lasts and at its end",
        arguments: BlockingCall.allCases, Place.allCases)
    func blockedCallIsLeftAlone(call: BlockingCall, place: Place) async throws {
        let options = FrameThreadOptions(realtimePriority: nil, sharesThread: place.sharesThread)
        let rate = Self.rate(for: call, place)
        let link = try DisplayLink(source: .timer(framesPerSecond: rate), options: options)
        let calm =
            place.sharesThread
            ? try DisplayLink(source: .timer(framesPerSecond: rate), options: options) : nil
        if let calm { #expect(calm.driver === link.driver) }
        if place == .renderDeadlineCallbackOnASharedThread { link.dispatch = .renderDeadline }
        link.stallThreshold = Self.threshold
        let log = await StallReportTests.StallLog.subscribed(link)
        let outcome = Locked<(start: MonotonicInstant, deadline: MonotonicInstant, BlockingCall.Outcome)?>(
            nil)
        let frames = FrameRecorder()
        try calm?.start { _ in }
        if place.isJob {
            let scene = FrameScene(link: link)
            try link.start(isolatedTo: scene) { _, frame in frames.record(frame) }
            try await Task.sleep(for: .milliseconds(100))
            let result = await scene.perform(call, for: Self.blocked)
            outcome.withLock { $0 = result }
        } else {
            try link.start { frame in
                frames.record(frame)
                guard frames.count == 5 else { return }
                let start = MonotonicInstant.now()
                let deadline = start + Self.blocked
                let result = call.perform(until: deadline)
                outcome.withLock { $0 = (start, deadline, result) }
            }
        }
        try #require(await log.wait(for: 2))
        link.invalidate()
        calm?.invalidate()
        let (start, deadline, result) = try #require(outcome.withLock { $0 })
        // Not cut short, and no error: it returned when it would have with no watchdog.
        #expect(result.error == nil, "failed with errno \(result.error ?? 0)")
        #expect(result.end >= deadline, "returned \(deadline - result.end) early")
        #expect(result.end < deadline + Self.wakeUpAllowance)
        let reports = log.all
        #expect(reports.map(\.phase) == [.ongoing, .ended])
        let ongoing = try #require(reports.first)
        #expect(ongoing.activity == (place.isJob ? .job : .callback(link: link.label)))
        #expect(ongoing.duration >= Self.threshold && ongoing.duration < result.end - start, "\(ongoing)")
        if ongoing.stack.isEmpty && Self.underThreadSanitizer {
            #expect(ongoing.missingStackReason != nil)
        } else {
            #expect(ongoing.stack.contains { $0.contains(call.symbol) }, "\(ongoing.stack)")
        }
        #expect(reports.last?.duration ?? .zero >= Self.blocked)
    }

    @Test("a callback that spins in user code is reported with its stack", arguments: [false, true])
    func spinningCallbackIsReported(sharesThread: Bool) async throws {
        let options = FrameThreadOptions(realtimePriority: nil, sharesThread: sharesThread)
        let link = try DisplayLink(
            source: .timer(framesPerSecond: sharesThread ? 56.5 : 60), options: options)
        link.stallThreshold = Self.threshold
        let log = await StallReportTests.StallLog.subscribed(link)
        let frames = FrameRecorder()
        try link.start { frame in
            frames.record(frame)
            guard frames.count == 5 else { return }
            // Until the report made while it lasts has come, however late the watchdog is.
            spin(until: { !log.all.isEmpty }, atMost: .seconds(10))
        }
        try #require(await log.wait(for: 2))
        link.invalidate()
        let reports = log.all
        #expect(reports.map(\.phase) == [.ongoing, .ended])
        let ongoing = try #require(reports.first)
        if ongoing.stack.isEmpty && Self.underThreadSanitizer {
            #expect(ongoing.missingStackReason != nil)
        } else {
            #expect(ongoing.stack.contains { $0.contains("spin") }, "\(ongoing.stack)")
        }
    }

    @Test("a stall that ends before its report could go out is reported at its end, then as ended")
    func stallEndingBeforeItsReport() async throws {
        let link = try DisplayLink(
            source: .timer(framesPerSecond: 60),
            options: FrameThreadOptions(realtimePriority: nil, sharesThread: false))
        link.stallThreshold = Self.threshold
        let log = await StallReportTests.StallLog.subscribed(link)
        let frames = FrameRecorder()
        let driver = link.driver
        try link.start { frame in
            frames.record(frame)
            guard frames.count == 5 else { return }
            // The watchdog stops waiting on this thread, which still counts as watched: only the end
            // of the activity can report the stall.
            StallWatchdog.shared.watch(driver, false)
            driver.stallAlarm.isWatched.store(true, ordering: .relaxed)
            _ = BlockingCall.usleep.perform(until: .now() + Self.blocked)
        }
        try #require(await log.wait(for: 2))
        link.invalidate()
        let reports = log.all
        #expect(reports.map(\.phase) == [.ongoing, .ended])
        #expect(reports.first?.duration ?? .zero >= Self.blocked)
        #expect(reports.first?.stack == [])
        #expect(reports.first?.missingStackReason == "it ended before its stack could be taken")
        #expect(reports.last?.intervalsMissed ?? 0 >= 10)
    }
}

/// Spins on the CPU until `done` holds or `limit` has passed, making no system call of its own.
@inline(never)
func spin(until done: () -> Bool, atMost limit: Duration) {
    let end = MonotonicInstant.now() + limit
    var turns = 0
    while MonotonicInstant.now() < end {
        turns &+= 1
        if turns % 1_000_000 == 0, done() { return }
    }
}

extension FrameScene {
    /// Blocks the frame thread in `call` for `duration`; when it started, its deadline and how it ended.
    func perform(_ call: BlockingCall, for duration: Duration) -> (
        start: MonotonicInstant, deadline: MonotonicInstant, BlockingCall.Outcome
    ) {
        let start = MonotonicInstant.now()
        let deadline = start + duration
        return (start, deadline, call.perform(until: deadline))
    }
}
