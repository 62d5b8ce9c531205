/// How one copy of a ``ReplicatorLayer``'s sublayers is drawn: what a renderer needs, computed from
/// the replicator's presentation state so that every renderer reads the rules the same way.
public struct ReplicatorInstance: Sendable, Hashable {
    /// The copy's index, from 0.
    public var index: Int
    /// The transform from the copy's coordinates to the replicator's: ``LayerState/instanceTransform``
    /// applied `index` times about the centre of the bounds.
    public var transform: Transform2D
    /// How far the copy's time is behind the replicator's: `index · instanceDelay`.
    public var delay: Double
    /// The colour the copy's content is multiplied by, each component clamped to [0, 1].
    public var color: Color

    /// The copies `state` draws, in drawing order (``LayerState/instanceCount`` clamped to
    /// 0...``ReplicatorLayer/maximumInstanceCount``; a non-finite delay reads as 0).
    public static func instances(of state: LayerState) -> [ReplicatorInstance] {
        let count = min(max(state.instanceCount, 0), ReplicatorLayer.maximumInstanceCount)
        let centre = Point(
            x: state.bounds.origin.x + state.bounds.size.width / 2,
            y: state.bounds.origin.y + state.bounds.size.height / 2)
        let step = Transform2D(translationX: -centre.x, y: -centre.y)
            .concatenating(state.instanceTransform)
            .concatenating(Transform2D(translationX: centre.x, y: centre.y))
        let delay = state.instanceDelay.isFinite ? state.instanceDelay : 0
        var instances: [ReplicatorInstance] = []
        instances.reserveCapacity(count)
        var transform = Transform2D.identity
        for index in 0..<count {
            let k = Double(index)
            let color = Color(
                red: clamped(state.instanceColor.red + k * state.instanceRedOffset),
                green: clamped(state.instanceColor.green + k * state.instanceGreenOffset),
                blue: clamped(state.instanceColor.blue + k * state.instanceBlueOffset),
                alpha: clamped(state.instanceColor.alpha + k * state.instanceAlphaOffset))
            instances.append(
                ReplicatorInstance(index: index, transform: transform, delay: k * delay, color: color))
            transform = transform.concatenating(step)
        }
        return instances
    }

    /// `component` clamped to [0, 1]; NaN reads as 0.
    private static func clamped(_ component: Double) -> Double {
        component >= 0 ? min(component, 1) : 0
    }
}
