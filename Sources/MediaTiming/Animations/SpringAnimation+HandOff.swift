extension SpringAnimation {
    /// A spring that takes over a motion in progress — a gesture at its release, or an animation it
    /// interrupts (as UIKit's interruptible animators do): it starts at `value` moving at `velocity`
    /// and comes to rest at `target`, so that neither the position nor the velocity jumps where it
    /// takes over. Its duration is its ``settlingDuration``.
    ///
    /// ```swift
    /// // the drag ends: spring back with the finger's velocity (the header's offset, in points)
    /// let back = SpringAnimation(property: .opacity, continuingFrom: offset, velocity: speed, to: 0)
    /// // a new drag grabs the header mid-flight: the next spring starts where the user sees it
    /// let now = frameTime
    /// let again = SpringAnimation(
    ///     property: .position, continuingFrom: layer.presentationValue(of: .position, atRootTime: now),
    ///     velocity: layer.presentationVelocity(of: .position, atRootTime: now), to: target)
    /// ```
    ///
    /// `velocity` is the value's change per second (for a ``Point``, points per second on each axis).
    /// A spring moves along the line from its start to its end value (its ``initialVelocity`` is
    /// one number, as `CASpringAnimation`'s is), so the part of `velocity` along that line is kept,
    /// measured with the value type's ``Interpolatable/distance(to:)`` (exact for `Double`, ``Point``
    /// and ``Size``, whose distances are Euclidean), and any part across it is lost: animate each
    /// axis with a spring of its own to keep both. A `value` already at `target` starts at rest.
    ///
    /// - Parameters:
    ///   - property: the layer property the spring drives.
    ///   - value: where the motion is when the spring takes over.
    ///   - velocity: how fast it moves then, per second.
    ///   - target: where the spring comes to rest.
    ///   - mass: the mass on the spring (see ``mass``; default 1).
    ///   - stiffness: how hard the spring pulls (see ``stiffness``; default 100).
    ///   - damping: the friction (see ``damping``; default 10).
    public init(
        property: LayerProperty<Value>, continuingFrom value: Value, velocity: Value, to target: Value,
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10
    ) {
        self.init(property: property, fromValue: value, toValue: target)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        initialVelocity = Self.fractionVelocity(of: velocity, from: value, to: target)
        duration = settlingDuration
    }

    /// `velocity`'s component along the line from `start` to `end`, as a fraction of the distance
    /// between them per second: `v·d / |d|²`, with `v·d` from the law of cosines,
    /// `(|v|² + |d|² − |d − v|²) / 2`, so that only distances are needed.
    static func fractionVelocity(of velocity: Value, from start: Value, to end: Value) -> Double {
        let span = start.distance(to: end)
        guard span > 0, span.isFinite else { return 0 }
        let speed = Value.zero.distance(to: velocity)
        let remaining = start.adding(velocity).distance(to: end)
        let along = (speed * speed + span * span - remaining * remaining) / 2
        let fraction = along / (span * span)
        return fraction.isFinite ? fraction : 0
    }
}
