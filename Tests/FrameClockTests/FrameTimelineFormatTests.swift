import Foundation
import TestSupport
import Testing

@testable import FrameClock

/// The timeline written as CSV (KWin's columns first) and as Chrome trace-event JSON.
@Suite("Frame timeline files")
struct FrameTimelineFormatTests {
    static func timeline() throws -> FrameTimeline {
        let source = try ManualFrameSource(framesPerSecond: 60)
        let link = try DisplayLink(source: .manual(source))
        let display = SimulatedDisplay(source: source)
        try link.start { [link] frame in
            source.elapse(frame.sequence == 3 ? .milliseconds(20) : .milliseconds(2))
            if frame.sequence == 5 {
                link.discarded(frame.sequence)
            } else {
                display.present(frame, to: link)
            }
        }
        source.advanceTicks(5)
        link.invalidate()
        return link.timeline
    }

    @Test("CSV: KWin's columns, then FrameClock's, one row a frame")
    func csv() throws {
        let text = try Self.timeline().text(.csv)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines[0].hasPrefix(
                "target pageflip timestamp,pageflip timestamp,render start,render end,safety margin,refresh duration,vrr,tearing,predicted render time,"
            ))
        #expect(lines.count == 6)
        let columns = lines[0].split(separator: ",").count
        #expect(
            lines.dropFirst().allSatisfy {
                $0.split(separator: ",", omittingEmptySubsequences: false).count == columns
            })
        let third = lines[3].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        func field(_ name: String) -> String { third[header.firstIndex(of: name)!] }
        #expect(field("sequence") == "3")
        #expect(field("outcome") == "late")
        #expect(field("late cause") == "callback")
        #expect(field("late intervals") == "1")
        #expect(Int64(field("render end"))! - Int64(field("render start"))! == 20_000_000)
        #expect(field("safety margin") == "1000000")
        #expect(lines[4].contains(",dropped,"))
    }

    @Test("Chrome trace: valid JSON, one complete event per frame, in microseconds")
    func chromeTrace() throws {
        let timeline = try Self.timeline()
        let data = Data(timeline.text(.chromeTrace).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The frames' own row (the Expected and Actual tracks are JankFiguresTests').
        let events = try #require(object["traceEvents"] as? [[String: Any]]).filter {
            $0["cat"] as? String == "frame"
        }
        #expect(events.count == timeline.entries.count)
        #expect(events.allSatisfy { $0["ph"] as? String == "X" })
        let first = events[0]
        let entry = timeline.entries[0]
        #expect(
            (first["ts"] as? Double).map { abs($0 - Double(entry.callbackStart.nanoseconds) / 1000) < 0.001 }
                == true)
        #expect(first["dur"] as? Double == 2000)
        let args = try #require(first["args"] as? [String: Any])
        #expect(args["outcome"] as? String == "on time")
        #expect(args["sequence"] as? Int == 1)
    }

    @Test("writing into a missing folder is a typed error naming the file")
    func writeErrors() throws {
        let timeline = try Self.timeline()
        let error = #expect(throws: SystemCallError.self) {
            try timeline.write(.csv, to: "/nonexistent-folder/frames.csv")
        }
        #expect(error?.errno == .noSuchFileOrDirectory)
        #expect(error?.call == "open(/nonexistent-folder/frames.csv)")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(getpid()).json")
            .path
        try timeline.write(.chromeTrace, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == timeline.text(.chromeTrace))
        try? FileManager.default.removeItem(atPath: path)
    }
}
