/// A layer tree as a front end runs it: its root, the current media time, transactions, and the
/// animation callbacks delivered where the scene lives.
///
/// Core Animation keeps its transactions per thread and reads the time from a global clock
/// (`CACurrentMediaTime()`). Here a tree belongs to one isolation domain (an actor, a frame
/// thread) and carries both: the front end gives the tree its time each frame, and transactions,
/// implicit animations and ``Layer/add(_:forKey:delegate:)-(BasicAnimation<Value>,_,_)`` without a time mean that time.
///
/// ```swift
/// let tree = LayerTree()
/// try tree.root.addSublayer(badge)
/// // each frame, on the scene's isolation:
/// tree.advance(to: frame.targetTimestamp)          // the time; delegates and completions run here
/// try renderer.render(tree.root, atRootTime: tree.currentTime, into: &bitmap)
/// // any time between frames:
/// tree.performTransaction(animationDuration: 0.5, timingFunction: .easeIn) {
///     badge.opacity = 0                              // an implicit 0.5 s ease-in animation
/// }
/// ```
///
/// Layers whose root layer is a tree's ``root`` are *in the tree*: setting one of their animatable
/// properties animates the change (see ``Layer/actions``). A layer in no tree changes at once, as
/// a layer outside any layer tree does in Core Animation.
///
/// ## Callbacks
/// Animation delegates (``AnimationDelegate``) and transaction completions run only inside
/// ``advance(to:)``, synchronously, on the caller's thread and isolation, after the tree has
/// noticed every change at the new time. They may change the tree (add or remove animations, set
/// properties, open transactions).
///
/// ## Threads
/// A tree is not `Sendable`: it, its layers and the closures it holds belong to the isolation
/// domain that made them.
public final class LayerTree {
    /// The tree's root layer.
    public let root: Layer

    /// The tree's current media time, in seconds of the root's parent time: what the front end gave
    /// the last ``advance(to:)`` (for a display link, the frame's target timestamp). The
    /// counterpart of Core Animation's `CACurrentMediaTime()`. Default: the time the tree was made
    /// with.
    public private(set) var currentTime: Double

    /// The open transactions, outermost first.
    var openTransactions: [OpenTransaction] = []
    /// The time animations added in the open transactions begin at: the current time when the
    /// outermost one opened, so that they begin together.
    var transactionTime: Double?
    /// Layers holding animations with a delegate or counted by a completion, or removals of them
    /// not yet reported.
    var watchedLayers: [Layer] = []
    /// Completions that became due outside ``advance(to:)`` (a transaction committed with nothing
    /// to wait for), to run in the next one.
    var dueCompletions: [TransactionCompletion] = []

    /// A tree whose root is `root` (a new plain layer by default), at media time `currentTime`
    /// (non-finite reads as 0).
    ///
    /// The root's sublayers, and theirs, are in the tree while the root has no superlayer; a root
    /// already hosting another tree now hosts this one.
    public init(root: Layer = Layer(), currentTime: Double = 0) {
        self.root = root
        self.currentTime = currentTime.isFinite ? currentTime : 0
        root.hostingTree = self
    }

    /// The time that "now" means for changes made at this moment: the time of the open
    /// transactions, else the current time.
    var now: Double { transactionTime ?? currentTime }

    /// Moves the tree to media time `time` (non-finite is ignored: the time stays) and delivers what
    /// happened by then: commits the implicit transaction, tells animation delegates which
    /// animations started and stopped, and runs the completions of transactions whose animations
    /// have all stopped. Call it once per frame, before drawing, with the frame's target timestamp.
    ///
    /// Each start and each stop is delivered once, in the order the tree finds them: layers in the
    /// order their first observed animation was added, and on each layer removals first (in the
    /// order they happened), then starts and ends in the order the animations apply. A
    /// transaction's completion runs right after the stop of the last animation it waited for.
    public func advance(to time: Double) {
        if time.isFinite { currentTime = time }
        if let bottom = openTransactions.first, bottom.isImplicit, openTransactions.count == 1 {
            commitTransaction()
        }
        deliverAnimationEvents()
    }

    /// Starts watching `layer` for animation events, if it is not watched yet.
    func watch(_ layer: Layer) {
        guard !layer.isWatchedForEvents else { return }
        layer.isWatchedForEvents = true
        watchedLayers.append(layer)
    }
}
