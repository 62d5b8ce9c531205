/// The motion of a damped spring, solved in closed form: the fraction of the way from the start to
/// the target at each time, for a mass on a spring released at the start with an initial
/// velocity.
///
/// With the displacement from the target `x` (1 at the start, 0 at the target), the spring obeys
/// `m·x″ + c·x′ + k·x = 0` with `x(0) = 1` and `x′(0) = −v₀`. Writing `ω₀ = √(k/m)`,
/// `ζ = c / (2√(k·m))`, `a = ζ·ω₀` and `B = a − v₀`, the solution is
/// `x(t) = e^(−a·t) · (cos(ω·t) + B·t·sinc(ω·t))` with `ω = ω₀·√(1 − ζ²)` when under-damped (ζ < 1),
/// `x(t) = e^(−a·t) · (1 + B·t)` when critically damped (ζ = 1) and
/// `x(t) = e^(−a·t) · (cosh(ω·t) + B·t·sinhc(ω·t))` with `ω = ω₀·√(ζ² − 1)` when over-damped: one
/// formula whose cases meet continuously at ζ = 1, evaluated without the cancellation of the
/// textbook forms near it. The fraction shown is `1 − x(t)`.
struct SpringMotion: Sendable, Hashable {
    /// The decay rate `a = ζ·ω₀` (1/s).
    let decay: Double
    /// The damped angular frequency `ω` (rad/s): `ω₀·√|1 − ζ²|`.
    let frequency: Double
    /// Whether the spring is over-damped (the hyperbolic form).
    let isOverdamped: Bool
    /// `B = a − v₀`.
    let slopeTerm: Double

    /// The motion of a spring of `mass`, `stiffness` and `damping` released with `initialVelocity`
    /// (the fraction of the distance per second, positive towards the target). The arguments must
    /// be valid (see ``SpringAnimation``'s readings of bad values).
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let naturalFrequency = (stiffness / mass).squareRoot()
        let dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        decay = dampingRatio * naturalFrequency
        isOverdamped = dampingRatio > 1
        frequency = naturalFrequency * abs(1 - dampingRatio * dampingRatio).squareRoot()
        slopeTerm = decay - initialVelocity
    }

    /// The displacement from the target at `time` seconds after the release (1 at the release).
    func displacement(at time: Double) -> Double {
        let phase = frequency * time
        if isOverdamped && phase > 1 {
            // cosh and sinh as exponentials, each with the decay folded in, so that neither
            // overflows: (e^((ω−a)t)·(1 + B/ω) + e^(−(ω+a)t)·(1 − B/ω)) / 2.
            let ratio = slopeTerm / frequency
            return
                (ElementaryFunctions.exponential((frequency - decay) * time) * (1 + ratio)
                + ElementaryFunctions.exponential(-(frequency + decay) * time)
                * (1 - ratio))
                / 2
        }
        let envelope = ElementaryFunctions.exponential(-decay * time)
        if isOverdamped {
            return envelope
                * (ElementaryFunctions.hyperbolicCosine(phase) + slopeTerm * time * Self.sinhc(phase))
        }
        return envelope * (ElementaryFunctions.cosine(phase) + slopeTerm * time * Self.sinc(phase))
    }

    /// The fraction of the way from the start to the target at `time`: `1 − x(t)`.
    func fraction(at time: Double) -> Double {
        1 - displacement(at: time)
    }

    /// The distance from the target, as a fraction of the whole, that counts as settled.
    static let settledDisplacement = 0.001

    /// The time after which the spring stays within ``settledDisplacement`` of its target: 0 if it
    /// never leaves it, `.infinity` for a spring without damping.
    var settlingDuration: Double {
        guard decay > 0 else { return .infinity }
        // A time after which |x| is surely below the threshold, from a bound on |x|:
        // |x(t)| ≤ e^(−(a−ω)t)·(1 + |B|·t) for every case (with ω = 0 unless over-damped, where a − ω > 0).
        let rate = isOverdamped ? decay - frequency : decay
        guard rate > 0 else { return .infinity }
        var bound = 1.0
        while ElementaryFunctions.exponential(-rate * bound) * (1 + abs(slopeTerm) * bound)
            > Self.settledDisplacement
        {
            bound *= 2
            if !bound.isFinite { return .infinity }
        }
        // The last time |x| reaches the threshold: scanned back from the bound in small steps,
        // then narrowed by bisection.
        let steps = 4096
        let step = bound / Double(steps)
        var index = steps
        while index > 0 && abs(displacement(at: Double(index) * step)) <= Self.settledDisplacement {
            index -= 1
        }
        if index == steps { return bound }
        if index == 0 && abs(displacement(at: 0)) <= Self.settledDisplacement { return 0 }
        var low = Double(index) * step  // |x| above the threshold
        var high = low + step  // |x| at or below it
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if abs(displacement(at: middle)) > Self.settledDisplacement {
                low = middle
            } else {
                high = middle
            }
        }
        return high
    }

    /// sin(z)/z, 1 at 0.
    private static func sinc(_ z: Double) -> Double {
        abs(z) < 1e-4 ? 1 - z * z / 6 : ElementaryFunctions.sine(z) / z
    }

    /// sinh(z)/z, 1 at 0.
    private static func sinhc(_ z: Double) -> Double {
        abs(z) < 1e-4 ? 1 + z * z / 6 : ElementaryFunctions.hyperbolicSine(z) / z
    }
}
