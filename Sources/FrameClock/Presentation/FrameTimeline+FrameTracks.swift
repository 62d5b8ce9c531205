/// The "Expected Timeline" and "Actual Timeline" tracks of a Chrome trace, as Perfetto's
/// FrameTimeline draws them for an app: the expected slice from the vsync to the frame's deadline,
/// the actual one from its callback's start to its end, named by the frame, with Perfetto's present
/// and jank types as arguments and a colour per jank type.
extension FrameTimeline {
    /// The thread ids of the two tracks in the trace (the frames' own row is thread 1).
    static let expectedTrackThread = 2
    static let actualTrackThread = 3

    /// The tracks' trace events: their names, then one expected and one actual slice per frame.
    var frameTrackEvents: [String] {
        var events = [
            Self.threadName("Expected Timeline", thread: Self.expectedTrackThread),
            Self.threadName("Actual Timeline", thread: Self.actualTrackThread),
        ]
        events.reserveCapacity(2 + 2 * entries.count)
        var counter = JankCounter()
        for entry in entries {
            let hitch = counter.add(entry)
            let expectedEnd = max(entry.deadline.nanoseconds, entry.timestamp.nanoseconds)
            events.append(
                Self.slice(
                    entry.sequence, thread: Self.expectedTrackThread, start: entry.timestamp.nanoseconds,
                    nanoseconds: expectedEnd - entry.timestamp.nanoseconds, colour: "good", args: []))
            let jank = Self.jankType(hitch)
            let onTimeFinish = entry.callbackEnd.map { $0 <= entry.deadline } ?? true
            var args = [
                "\"Present type\":\"\(Self.presentType(entry.outcome))\"", "\"Jank type\":\"\(jank.name)\"",
                "\"On time finish\":\(onTimeFinish)",
            ]
            if let presented = entry.presented { args.append("\"presented_ns\":\(presented.nanoseconds)") }
            if let hitch { args.append("\"hitch_ns\":\(hitch.hitchTime.wholeNanoseconds)") }
            events.append(
                Self.slice(
                    entry.sequence, thread: Self.actualTrackThread, start: entry.callbackStart.nanoseconds,
                    nanoseconds: max(0, entry.callbackDuration?.wholeNanoseconds ?? 0), colour: jank.colour,
                    args: args))
        }
        return events
    }

    private static func threadName(_ name: String, thread: Int) -> String {
        "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(thread),\"args\":{\"name\":\"\(name)\"}}"
    }

    private static func slice(
        _ sequence: UInt64, thread: Int, start: Int64, nanoseconds: Int64, colour: String, args: [String]
    ) -> String {
        "{\"name\":\"\(sequence)\",\"cat\":\"frame_timeline\",\"ph\":\"X\",\"ts\":\(microseconds(start)),"
            + "\"dur\":\(microseconds(nanoseconds)),\"pid\":1,\"tid\":\(thread),\"cname\":\"\(colour)\","
            + "\"args\":{\(args.joined(separator: ","))}}"
    }

    /// Perfetto's present type of an outcome.
    private static func presentType(_ outcome: FrameOutcome) -> String {
        switch outcome {
        case .pending: "Unknown Present"
        case .onTime: "On-time Present"
        case .late: "Late Present"
        case .early: "Early Present"
        case .dropped, .notPresented: "Dropped Frame"
        }
    }

    /// Perfetto's jank type of a frame, and the trace viewer's colour for it (green: none, red: the
    /// app's, yellow: the display's).
    private static func jankType(_ hitch: FrameHitch?) -> (name: String, colour: String) {
        switch hitch?.cause {
        case nil: ("None", "good")
        case .callbackPastDeadline: ("App Deadline Missed", "bad")
        case .displayLate: ("Display HAL", "yellow")
        }
    }
}
