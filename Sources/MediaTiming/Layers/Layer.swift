/// A node of the timing tree and of the drawing tree: the counterpart of Core Animation's
/// `CALayer`.
///
/// A layer has a model state (``modelState``, and the forwarding properties such as ``position``),
/// a clock (``beginTime``, ``speed``, ``timeOffset``) that maps its superlayer's time to its own,
/// animations keyed by name, and sublayers. Its presentation state at any instant is computed on
/// demand from those (``presentation(atRootTime:)``); nothing is stored per frame.
///
/// ## Time
/// The *root time* is the time of the whole tree's parent: the front end's clock in seconds (for
/// instance a display link frame's target timestamp). Each layer's local time is
/// `t = (t_parent − beginTime) · speed + timeOffset`, applied from the root down.
///
/// ## Isolation
/// A layer is a reference type with no lock and is not `Sendable`: a layer tree belongs to one
/// isolation domain, the one that made it — an actor (in the frame-actor pattern, the actor whose
/// executor is a display link's frame thread), the main actor, or a task that iterates a link's
/// frames. The compiler then keeps every use of the tree, and of the delegates and completions it
/// holds, in that domain. Evaluation (``presentation(atRootTime:)``) takes no lock and does not
/// allocate.
public class Layer {
    // The per-frame path reads the clock, the revision and the animations: they come first, so
    // that they share the object's first cache line. They are read without the dynamic
    // exclusivity check (which would cost more than the whole clock computation); the type is
    // documented as usable from one thread at a time.

    /// When the layer's time begins, in its superlayer's time. Default 0. Non-finite values are
    /// read as 0.
    @exclusivity(unchecked) public var beginTime = 0.0

    /// How fast the layer's time runs relative to its superlayer's. Default 1; 0 freezes the layer at
    /// ``timeOffset``; negative values run time backwards. Non-finite values are read as 1.
    @exclusivity(unchecked) public var speed = 1.0

    /// An offset added to the layer's local time. Default 0. Non-finite values are read as 0.
    @exclusivity(unchecked) public var timeOffset = 0.0

    /// The revision of the current model and list of animations (see ``PresentationCache``).
    @exclusivity(unchecked) var modelRevision = ModelRevision.next()

    /// The animations compiled for evaluation, in the order they apply (the per-frame path reads
    /// only this); rebuilt from `animationRecords` whenever they change.
    @exclusivity(unchecked) var program = AnimationProgram()

    /// The animations as added, with their keys, in the order they apply.
    var animationRecords: [AnimationRecord] = []

    /// Animations removed since the last report of stopped animations, not having ended before.
    var pendingStops: [PendingStop] = []

    var speedBeforePause = 1.0

    /// The layers drawn on top of this one, back to front.
    public internal(set) var sublayers: [Layer] = []

    /// The layer this one is a sublayer of, or `nil` for a tree's root.
    public internal(set) weak var superlayer: Layer?

    /// A name for debugging and for finding layers; not used by the model.
    public var name: String?

    /// The actions for changes of this layer's properties, by the property's name (Core
    /// Animation's `CALayer.actions`): looked up after the ``delegate`` when a property of a layer
    /// in a ``LayerTree`` is set (see ``action(forKey:)``). Default: empty.
    public var actions: [String: LayerAction] = [:]

    /// The object asked first for the action of a property change (`CALayer.delegate`'s
    /// `action(for:forKey:)`). Held weakly, as Core Animation holds it.
    public weak var delegate: (any LayerDelegate)?

    /// The tree this layer is the root of, if any.
    weak var hostingTree: LayerTree?

    /// Whether a tree watches the layer for animation events (see ``LayerTree/watch(_:)``).
    var isWatchedForEvents = false

    /// Animations with observers removed before their stop was delivered, waiting for the next
    /// ``LayerTree/advance(to:)``.
    var pendingObservedStops: [AnimationEvent] = []

    /// The model state's storage; changes go through `model`.
    @exclusivity(unchecked) var storedModel = LayerState()

    /// The model state; every change takes a new revision number.
    var model: LayerState {
        get { storedModel }
        set {
            storedModel = newValue
            modelRevision = ModelRevision.next()
        }
        _modify {
            yield &storedModel
            modelRevision = ModelRevision.next()
        }
    }

    /// A layer with Core Animation's default state.
    public init() {}

    deinit {
        program.deallocate()
    }

    /// The model state: what the layer shows where no animation applies. Setting it whole makes no
    /// implicit animation; the properties' own setters do.
    public var modelState: LayerState {
        get { model }
        set { model = newValue }
    }

    // MARK: Model values

    /// ``LayerState/bounds``.
    public var bounds: Rect {
        get { model.bounds }
        set { change(.bounds, to: newValue) { $0.bounds = newValue } }
    }

    /// ``LayerState/position``.
    public var position: Point {
        get { model.position }
        set { change(.position, to: newValue) { $0.position = newValue } }
    }

    /// ``LayerState/anchorPoint``.
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { change(.anchorPoint, to: newValue) { $0.anchorPoint = newValue } }
    }

    /// ``LayerState/transform``.
    public var transform: Transform2D {
        get { model.transform }
        set { change(.transform, to: newValue) { $0.transform = newValue } }
    }

    /// ``LayerState/opacity``.
    public var opacity: Double {
        get { model.opacity }
        set { change(.opacity, to: newValue) { $0.opacity = newValue } }
    }

    /// ``LayerState/isHidden``.
    public var isHidden: Bool {
        get { model.isHidden }
        set { model.isHidden = newValue }
    }

    /// ``LayerState/masksToBounds``.
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        set { model.masksToBounds = newValue }
    }

    /// ``LayerState/backgroundColor``.
    public var backgroundColor: Color {
        get { model.backgroundColor }
        set { change(.backgroundColor, to: newValue) { $0.backgroundColor = newValue } }
    }

    /// ``LayerState/cornerRadius``.
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { change(.cornerRadius, to: newValue) { $0.cornerRadius = newValue } }
    }

    /// ``LayerState/borderWidth``.
    public var borderWidth: Double {
        get { model.borderWidth }
        set { change(.borderWidth, to: newValue) { $0.borderWidth = newValue } }
    }

    /// ``LayerState/borderColor``.
    public var borderColor: Color {
        get { model.borderColor }
        set { change(.borderColor, to: newValue) { $0.borderColor = newValue } }
    }

    /// The layer's frame in its superlayer's coordinates when its transform is the identity:
    /// setting it sets ``position`` and the size of ``bounds`` (each animated as setting it is).
    public var frame: Rect {
        get {
            let anchor = model.anchorInBounds
            let origin = Point(
                x: model.position.x - (anchor.x - model.bounds.origin.x),
                y: model.position.y - (anchor.y - model.bounds.origin.y))
            return Rect(origin: origin, size: model.bounds.size)
        }
        set {
            bounds = Rect(origin: model.bounds.origin, size: newValue.size)
            position = Point(
                x: newValue.origin.x + model.anchorPoint.x * newValue.size.width,
                y: newValue.origin.y + model.anchorPoint.y * newValue.size.height)
        }
    }

    var clock: LayerClock {
        @inline(__always) get { LayerClock(beginTime: beginTime, speed: speed, timeOffset: timeOffset) }
    }
}
