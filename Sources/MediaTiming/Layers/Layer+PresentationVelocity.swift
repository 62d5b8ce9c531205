extension Layer {
    /// The half-width of the symmetric difference ``presentationVelocity(of:atRootTime:)`` takes, in
    /// seconds: short beside any animation's motion, long beside the rounding of the values.
    public static let velocityDifferenceStep = 1e-4

    /// How fast one property's presentation value changes at root time `rootTime`, per second of root
    /// time: what an animation that interrupts the running ones starts with, with
    /// ``presentationValue(of:atRootTime:)``, so that the motion goes on without a jump in velocity
    /// (see ``SpringAnimation/init(property:continuingFrom:velocity:to:mass:stiffness:damping:)``).
    ///
    /// It is the symmetric difference of the presentation value over ±``velocityDifferenceStep``:
    /// exact for motion at a constant velocity, off by a fraction of about (2π·f·step)²/6 for motion
    /// of frequency f (10⁻⁵ for a 10 Hz spring), and the mean of the two sides at an instant where the
    /// velocity itself jumps (an animation's first or last instant). Works for any value whose
    /// ``Interpolatable/scaled(by:)`` scales it.
    public func presentationVelocity<Value>(of property: LayerProperty<Value>, atRootTime rootTime: Double)
        -> Value
    {
        let step = Self.velocityDifferenceStep
        let later = presentationValue(of: property, atRootTime: rootTime + step)
        let earlier = presentationValue(of: property, atRootTime: rootTime - step)
        return later.subtracting(earlier).scaled(by: 1 / (2 * step))
    }
}
