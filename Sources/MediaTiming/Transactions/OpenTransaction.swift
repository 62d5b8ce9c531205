/// One transaction of a ``LayerTree``'s stack: the settings made in it (each `nil` until set, so
/// that a nested transaction reads its outer one's) and its completion.
struct OpenTransaction {
    /// Whether the tree opened it for a change made outside any transaction (Core Animation's
    /// implicit transaction); it is committed by the tree's next ``LayerTree/advance(to:)``.
    var isImplicit: Bool
    var animationDuration: Double?
    var animationTimingFunction: TimingFunction?
    var disableActions: Bool?
    var completion: TransactionCompletion?
}
