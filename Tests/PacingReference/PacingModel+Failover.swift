@testable import FrameClock

// F1–F3: what the frames do when a source fails over to the timer and when the display returns.
extension PacingModel {
    /// F1: whether `timestamp` is grid point `sequence` of `grid` (the failed source's, which the
    /// fallback timer continues: same phase, interval and numbering).
    static func continuesGrid(sequence: Int64, timestamp: Int64, grid: TickGrid) -> Bool {
        grid.timestamp(of: sequence) == timestamp
    }

    /// F1: the frame after one that targeted `previousTarget`, the frame thread free from `threadFree`
    /// on, whatever source ticked in between: P2's wanted frame, taken late by P3 when the thread was
    /// busy past it (a failover costs no refresh of its own).
    static func frameAcrossFailover(previousTarget: Int64, threadFree: Int64, grid: TickGrid, divisor: Int64)
        -> Int64
    {
        let eligible = firstRefresh(atOrAfter: threadFree, grid: grid)
        let wanted = wantedFrame(previousTarget: previousTarget, eligible: eligible, divisor: divisor)
        return frame(
            wanted: wanted, handledAt: max(grid.timestamp(of: wanted), threadFree), grid: grid,
            divisor: divisor)
    }

    /// F2: the grid point a link wants first after the frame thread returned to the display at
    /// `returnedAt`: the display's numbering is its own, so as at a start (P7), the first grid point
    /// after the refresh in progress.
    static func alignedAfterReturn(returnedAt: Int64, grid: TickGrid, divisor: Int64) -> Int64 {
        firstGridPoint(atOrAfter: firstRefresh(after: returnedAt, grid: grid), divisor: divisor)
    }

    /// F2: the first frame after a return at `returnedAt` (the thread free from `threadFree` on): from
    /// the aligned grid point on, the first that starts half a frame interval after the previous
    /// callback's start (P4: the old grid's last frame and the display's first are not one refresh
    /// apart). Nil when none does within 64 grid points.
    static func firstFrameAfterReturn(
        returnedAt: Int64, threadFree: Int64, previousStart: Int64?, halfFrame: Int64, grid: TickGrid,
        divisor: Int64
    ) -> (sequence: Int64, start: Int64)? {
        var wanted = alignedAfterReturn(returnedAt: returnedAt, grid: grid, divisor: divisor)
        for _ in 0..<64 {
            let look = max(grid.timestamp(of: wanted), threadFree)
            let candidate = frame(wanted: wanted, handledAt: look, grid: grid, divisor: divisor)
            if keepsHalfInterval(start: look, previousStart: previousStart, halfFrame: halfFrame) {
                return (candidate, look)
            }
            wanted = latestGridPoint(atOrBefore: grid.sequence(at: look), divisor: divisor) + divisor
        }
        return nil
    }

    /// F2: across a return the sequence numbers are the display's, so frames are ordered by time: the
    /// new frame's target is after the previous frame's (no refresh meant twice, nothing backwards).
    static func targetAdvances(previousTarget: Int64, target: Int64) -> Bool { target > previousTarget }

    /// F3: the skipped frames of the first frame after a return: the grid points of `divisor` from the
    /// first one the link could have had (`firstPossible`: aligned, and half an interval from the
    /// previous start) up to the frame at `sequence`.
    static func skippedAfterReturn(firstPossible: Int64, sequence: Int64, divisor: Int64) -> Int {
        var count = 0
        var refresh = firstPossible
        while refresh < sequence {
            if isGridPoint(refresh, divisor: divisor) { count += 1 }
            refresh += 1
        }
        return count
    }
}
