/// A ``Transform2D`` split into translation · rotation · (scale and shear), the form in which
/// transforms are interpolated.
///
/// The linear part `[[a, c], [b, d]]` is factored as `R(angle) · [[scaleX, shear], [0, scaleY]]`
/// (a QR decomposition); a reflection shows as a negative `scaleY`.
struct DecomposedTransform: Equatable {
    var translationX: Double
    var translationY: Double
    var angle: Double
    var scaleX: Double
    var shear: Double
    var scaleY: Double

    init(_ transform: Transform2D) {
        translationX = transform.tx
        translationY = transform.ty
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        self.scaleX = scaleX
        if scaleX == 0 || !scaleX.isFinite {
            angle = 0
            shear = transform.c
            scaleY = transform.d
        } else {
            angle = ElementaryFunctions.arcTangent(y: transform.b, x: transform.a)
            let cosine = transform.a / scaleX
            let sine = transform.b / scaleX
            shear = transform.c * cosine + transform.d * sine
            scaleY = transform.d * cosine - transform.c * sine
        }
    }

    init(
        translationX: Double, translationY: Double, angle: Double, scaleX: Double, shear: Double,
        scaleY: Double
    ) {
        self.translationX = translationX
        self.translationY = translationY
        self.angle = angle
        self.scaleX = scaleX
        self.shear = shear
        self.scaleY = scaleY
    }

    func recomposed() -> Transform2D {
        let cosine = ElementaryFunctions.cosine(angle)
        let sine = ElementaryFunctions.sine(angle)
        return Transform2D(
            a: cosine * scaleX,
            b: sine * scaleX,
            c: cosine * shear - sine * scaleY,
            d: sine * shear + cosine * scaleY,
            tx: translationX,
            ty: translationY)
    }

    /// The angle from `self` to `other` the shorter way round, in (−π, π].
    func angleDifference(to other: DecomposedTransform) -> Double {
        var delta = other.angle - angle
        let fullTurn = 2 * Double.pi
        if delta > Double.pi { delta -= fullTurn }
        if delta <= -Double.pi { delta += fullTurn }
        return delta
    }

    func interpolated(to end: DecomposedTransform, fraction: Double) -> DecomposedTransform {
        DecomposedTransform(
            translationX: translationX.interpolated(to: end.translationX, fraction: fraction),
            translationY: translationY.interpolated(to: end.translationY, fraction: fraction),
            angle: angle + angleDifference(to: end) * fraction,
            scaleX: scaleX.interpolated(to: end.scaleX, fraction: fraction),
            shear: shear.interpolated(to: end.shear, fraction: fraction),
            scaleY: scaleY.interpolated(to: end.scaleY, fraction: fraction))
    }

    func distance(to other: DecomposedTransform) -> Double {
        let dx = other.translationX - translationX
        let dy = other.translationY - translationY
        let dAngle = angleDifference(to: other)
        let dScaleX = other.scaleX - scaleX
        let dShear = other.shear - shear
        let dScaleY = other.scaleY - scaleY
        let sum =
            dx * dx + dy * dy + dAngle * dAngle + dScaleX * dScaleX + dShear * dShear + dScaleY * dScaleY
        return sum.squareRoot()
    }
}
