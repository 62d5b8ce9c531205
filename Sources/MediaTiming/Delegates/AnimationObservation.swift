/// Who hears of an animation on a layer: its delegate and the transaction completions that count
/// it, with what they have been told.
struct AnimationObservation {
    var delegate: (any AnimationDelegate)?
    var completions: [TransactionCompletion]
    var hasReportedStart = false
}
