/// An animation as it was added to a layer, under its key: what `animation(forKey:)` returns, and
/// how to compile it into the layer's program.
struct AnimationRecord {
    var key: String?
    var animation: any TimedAnimation
    /// Appends the animation's instructions (``ProgramEmitting/emit(into:)`` of the concrete type).
    var emit: (inout ProgramBuilder) -> Void
}
