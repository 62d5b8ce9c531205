import Foundation
import FrameClock

/// One measured drag's frames as CSV, one row a frame: what it showed, when its callback ran, when
/// the compositor showed it (or that it never did). Times are in ms from the drag's press, so a
/// stall in the compositor (no presentation and no input for a while, then both at once) reads
/// straight off the rows.
struct DragFrameTable {
    static let header =
        "sequence,timestamp_ms,y,position_time_ms,events,callback_start_ms,callback_end_ms,"
        + "target_ms,presented_ms,outcome,skipped_before"

    let frames: [DragFrameRecord]
    let timeline: FrameTimeline
    /// The drag's press, in nanoseconds on `CLOCK_MONOTONIC`.
    let start: Int64

    /// The header, then a row a frame in the order drawn.
    var csv: String {
        var lines = [Self.header]
        for frame in frames {
            let entry = timeline.entry(sequence: frame.sequence)
            let cells: [String] = [
                "\(frame.sequence)", milliseconds(frame.timestamp), String(format: "%.3f", frame.y),
                milliseconds(frame.positionTime), "\(frame.eventTimes.count)",
                milliseconds(entry?.callbackStart.nanoseconds), milliseconds(entry?.callbackEnd?.nanoseconds),
                milliseconds(entry?.target.nanoseconds), milliseconds(entry?.presented?.nanoseconds),
                entry.map { Self.outcomeCell($0.outcome) } ?? "", entry.map { "\($0.skippedFrames)" } ?? "",
            ]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The outcome in a few words without a comma: "on time", "late by 2", "dropped", "pending",
    /// "not presented".
    static func outcomeCell(_ outcome: FrameOutcome) -> String {
        switch outcome {
        case .pending: "pending"
        case .onTime: "on time"
        case .late(let intervals, _): "late by \(intervals)"
        case .dropped: "dropped"
        case .notPresented: "not presented"
        }
    }

    /// `time` as ms from the press, to the microsecond; empty when there is none.
    private func milliseconds(_ time: Int64?) -> String {
        guard let time else { return "" }
        return String(format: "%.3f", Double(time - start) / 1e6)
    }
}
