import Foundation
import Testing
import Wayland
import WestonFixture

@testable import FrameClock

extension WestonLinkTests {
    @Suite("Injected input carries weston's nanosecond timestamps")
    struct InputTimestampTests {
        /// The global that gives input times to the nanosecond.
        static let timestampsGlobal = "zwp_input_timestamps_manager_v1"
        /// Motion samples sent after the one that brings the pointer onto the window.
        static let sampleCount = 12
        /// 120 Hz: no stamp falls on a whole millisecond (with ``offset``).
        static let spacing: Int64 = 8_333_333
        static let offset: Int64 = 123_457
        static let millisecond: Int64 = 1_000_000

        /// The stamps of a motion sequence starting now, each with a sub-millisecond part.
        static func stamps() -> [Int64] {
            let base = monotonicNow() / millisecond * millisecond + offset
            return (0...sampleCount).map { base + Int64($0) * spacing }
        }

        /// Injects pointer motion, a press and a release, and a touch's down, motion and up at
        /// `stamps` into a window whose connection binds all but `ignoringGlobals`; returns the
        /// window's events once the touch's up arrived, and whether the connection bound the timestamps.
        static func inject(_ stamps: [Int64], ignoringGlobals: Set<String>) throws -> (
            events: [WaylandInputEvent], supported: Bool
        ) {
            let run = try InjectedDragRun(ignoringGlobals: ignoringGlobals)
            try #require(try run.start(), "the window was shown")
            let received = Locked<[WaylandInputEvent]>([])
            run.window.setInputHandler { event in received.withLock { $0.append(event) } }
            for stamp in stamps { run.injector.send("motion \(stamp) 100 \(100 + Double(stamp % 97))") }
            let last = stamps[stamps.count - 1]
            run.injector.send("button \(last) \(ScriptedDrag.leftButton) 1")
            run.injector.send("button \(last + spacing) \(ScriptedDrag.leftButton) 0")
            run.injector.send("touch-down \(stamps[0]) 5 50 50")
            run.injector.send("touch-motion \(stamps[1]) 5 60 60")
            run.injector.send("touch-up \(stamps[2]) 5")
            let ended = run.waitUntil(timeout: .seconds(2)) {
                received.withLock { $0.contains { $0.kind == .touchUp(id: 5) } }
            }
            run.link.invalidate()
            #expect(ended, "the touch's up arrived")
            return (received.withLock { $0 }, run.connection.supportsInputTimestamps)
        }

        /// The events that carry a time of their own.
        static func timed(_ events: [WaylandInputEvent]) -> [WaylandInputEvent] {
            events.filter { $0.compositorMilliseconds != nil }
        }

        @Test("pointer motion, buttons and touches arrive at the nanosecond they were stamped")
        func nanoseconds() throws {
            let stamps = Self.stamps()
            let (events, supported) = try Self.inject(stamps, ignoringGlobals: [])
            #expect(supported, "weston advertises \(Self.timestampsGlobal)")
            let timed = Self.timed(events)
            let motion = timed.filter { if case .pointerMotion = $0.kind { true } else { false } }
            // The first sample may come as the pointer's enter, which has no time.
            #expect(motion.count >= Self.sampleCount, "\(motion.count) timed motion events")
            for event in timed {
                #expect(event.timePrecision == .nanoseconds, "\(event)")
                let nanoseconds = try #require(event.compositorNanoseconds)
                #expect(nanoseconds % Self.millisecond != 0, "a sub-millisecond part: \(nanoseconds)")
                #expect(
                    event.compositorMilliseconds == UInt32(truncatingIfNeeded: nanoseconds / Self.millisecond)
                )
            }
            #expect(motion.compactMap(\.compositorNanoseconds) == Array(stamps.suffix(motion.count)))
            let touches = timed.filter { $0.kind != .pointerFrame && $0.seat == 0 }
                .compactMap { event -> Int64? in
                    switch event.kind {
                    case .touchDown, .touchMotion, .touchUp: event.compositorNanoseconds
                    default: nil
                    }
                }
            #expect(touches == Array(stamps.prefix(3)))
        }

        @Test("with the timestamps global ignored, the same input carries its milliseconds only")
        func millisecondsWhenIgnored() throws {
            let stamps = Self.stamps()
            let (events, supported) = try Self.inject(stamps, ignoringGlobals: [Self.timestampsGlobal])
            #expect(!supported)
            let timed = Self.timed(events)
            #expect(timed.count >= Self.sampleCount)
            #expect(timed.allSatisfy { $0.timePrecision == .milliseconds && $0.compositorNanoseconds == nil })
            let motion = timed.filter { if case .pointerMotion = $0.kind { true } else { false } }
            #expect(
                motion.compactMap(\.compositorMilliseconds)
                    == stamps.suffix(motion.count).map { UInt32(truncatingIfNeeded: $0 / Self.millisecond) })
        }
    }
}
