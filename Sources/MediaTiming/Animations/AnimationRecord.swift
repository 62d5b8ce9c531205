/// An animation as it was added to a layer, under its key: what `animation(forKey:)` returns.
struct AnimationRecord: Sendable {
    var key: String?
    var animation: any LayerAnimation
}
