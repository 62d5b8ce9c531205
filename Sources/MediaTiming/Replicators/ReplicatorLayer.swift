/// A layer that draws its sublayers several times, each copy moved, delayed in time and tinted
/// from the one before: the counterpart of `CAReplicatorLayer`.
///
/// Copy 0 is the sublayers as they are. Copy k is drawn with ``instanceTransform`` applied k
/// times (about the centre of ``Layer/bounds``), its sublayers' time ``instanceDelay`` · k behind
/// the layer's own, and its content multiplied by ``instanceColor`` plus k times the colour
/// offsets (clamped to [0, 1]). The layer's own background, border and shape are drawn once.
///
/// An activity spinner is one short bar replicated twelve times, each copy turned 30° and its
/// opacity animation started 1/12 s later:
///
/// ```swift
/// let spinner = ReplicatorLayer()
/// spinner.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
/// spinner.instanceCount = 12
/// spinner.instanceTransform = Transform2D(rotationAngle: 2 * .pi / 12)
/// spinner.instanceDelay = 1.0 / 12
/// let bar = Layer()
/// bar.frame = Rect(x: 18, y: 2, width: 4, height: 11)
/// bar.cornerRadius = 2
/// bar.backgroundColor = .white
/// var fade = BasicAnimation(property: .opacity, fromValue: 1.0, toValue: 0.15)
/// fade.duration = 1
/// fade.repeatCount = .infinity
/// fade.fillMode = .backwards        // copies whose time has not reached the start look faded in
/// bar.add(fade, forKey: "fade", atRootTime: 0)
/// try spinner.addSublayer(bar)
/// ```
public final class ReplicatorLayer: Layer {
    /// The most copies drawn: a larger ``instanceCount`` draws this many.
    public static let maximumInstanceCount = 10_000

    /// A replicator with Core Animation's defaults: one copy, no delay, identity transform, white.
    public override init() {
        super.init()
    }

    /// ``LayerState/instanceCount``: how many copies are drawn. Not animatable, as in Core
    /// Animation. When drawn, a negative count reads as 0 and one above ``maximumInstanceCount``
    /// as that maximum.
    public var instanceCount: Int {
        get { model.instanceCount }
        set { model.instanceCount = newValue }
    }

    /// ``LayerState/instanceDelay``.
    public var instanceDelay: Double {
        get { model.instanceDelay }
        set { change(.instanceDelay, to: newValue) { $0.instanceDelay = newValue } }
    }

    /// ``LayerState/instanceTransform``.
    public var instanceTransform: Transform2D {
        get { model.instanceTransform }
        set { change(.instanceTransform, to: newValue) { $0.instanceTransform = newValue } }
    }

    /// ``LayerState/instanceColor``.
    public var instanceColor: Color {
        get { model.instanceColor }
        set { change(.instanceColor, to: newValue) { $0.instanceColor = newValue } }
    }

    /// ``LayerState/instanceRedOffset``.
    public var instanceRedOffset: Double {
        get { model.instanceRedOffset }
        set { change(.instanceRedOffset, to: newValue) { $0.instanceRedOffset = newValue } }
    }

    /// ``LayerState/instanceGreenOffset``.
    public var instanceGreenOffset: Double {
        get { model.instanceGreenOffset }
        set { change(.instanceGreenOffset, to: newValue) { $0.instanceGreenOffset = newValue } }
    }

    /// ``LayerState/instanceBlueOffset``.
    public var instanceBlueOffset: Double {
        get { model.instanceBlueOffset }
        set { change(.instanceBlueOffset, to: newValue) { $0.instanceBlueOffset = newValue } }
    }

    /// ``LayerState/instanceAlphaOffset``.
    public var instanceAlphaOffset: Double {
        get { model.instanceAlphaOffset }
        set { change(.instanceAlphaOffset, to: newValue) { $0.instanceAlphaOffset = newValue } }
    }
}
