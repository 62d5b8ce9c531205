import Foundation

/// What each frame of a measured drag showed, as CSV, one row a frame: the position drawn, the
/// instant it stands for and how many events the frame used first. Times are nanoseconds of
/// `CLOCK_MONOTONIC`, as in the link's own timeline (`FrameTimeline.text(.csv)`), which is written
/// beside it and joins on `sequence`: its callback, target, presentation and outcome columns show a
/// stall in the compositor (no presentation and no input for a while, then both at once).
struct DragFrameTable {
    static let header = "sequence,timestamp,y,position time,events"

    let frames: [DragFrameRecord]

    /// The header, then a row a frame in the order drawn.
    var csv: String {
        var lines = [Self.header]
        for frame in frames {
            lines.append(
                "\(frame.sequence),\(frame.timestamp),\(String(format: "%.3f", frame.y)),\(frame.positionTime),"
                    + "\(frame.eventTimes.count)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
