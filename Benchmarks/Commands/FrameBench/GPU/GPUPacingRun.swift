/// What one pacing of `--gpu` gave: each presented frame's start to presentation and, for a link,
/// its prediction error, in milliseconds; and the frames that missed or never showed.
struct GPUPacingRun: Sendable {
    /// Who paced the frames.
    enum Pacing: String, CaseIterable, Sendable {
        case swapIntervalOne = "swap interval 1"
        case link = "link"
        case linkAtRenderDeadline = "link, render deadline"
    }

    let pacing: Pacing
    var latencies: [Double] = []
    var predictionErrors: [Double] = []
    /// Shown at least half a refresh after the target the link gave it (a link's frames only).
    var late = 0
    var discarded = 0
    var pending = 0
}
