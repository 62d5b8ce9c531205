/// A 2-D affine transform, with Core Graphics' conventions: a point (x, y) maps to
/// (a·x + c·y + tx, b·x + d·y + ty).
///
/// In the y-down coordinates of layers a positive rotation angle turns clockwise on screen.
/// As an ``Interpolatable`` value a transform adds by composition and interpolates by
/// decomposition into translation, rotation (the shorter way round), scale and shear, so that a
/// rotation animates as a rotation rather than as a squashing of matrix entries.
public struct Transform2D: Interpolatable, Hashable, CustomStringConvertible {
    /// The x-scale (and rotation) entry.
    public var a: Double
    /// The y-shear (and rotation) entry.
    public var b: Double
    /// The x-shear (and rotation) entry.
    public var c: Double
    /// The y-scale (and rotation) entry.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// A transform from its six entries.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The identity: adding it (composing with it) changes nothing.
    public static var zero: Transform2D { identity }

    /// A translation by (`x`, `y`).
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scaling by `x` horizontally and `y` vertically about the origin.
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians about the origin (clockwise on screen in y-down coordinates).
    public init(rotationAngle angle: Double) {
        let cosine = ElementaryFunctions.cosine(angle)
        let sine = ElementaryFunctions.sine(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part, `a·d − b·c`; zero for a transform that cannot be inverted.
    public var determinant: Double { a * d - b * c }

    /// A textual form listing the six entries.
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }

    /// The image of `point` under this transform.
    @inlinable
    public func applied(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The transform that applies `self` first and then `other`
    /// (`CGAffineTransformConcat(self, other)`).
    @inlinable
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A translation by (`x`, `y`) applied before this transform (`CGAffineTransformTranslate`).
    public func translatedBy(x: Double, y: Double) -> Transform2D {
        Transform2D(translationX: x, y: y).concatenating(self)
    }

    /// A scaling applied before this transform (`CGAffineTransformScale`).
    public func scaledBy(x: Double, y: Double) -> Transform2D {
        Transform2D(scaleX: x, y: y).concatenating(self)
    }

    /// A rotation by `angle` radians applied before this transform (`CGAffineTransformRotate`).
    public func rotated(by angle: Double) -> Transform2D {
        Transform2D(rotationAngle: angle).concatenating(self)
    }

    /// The inverse transform, or `nil` when the determinant is zero or not finite.
    public func inverted() -> Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return Transform2D(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id))
    }

    // MARK: Interpolatable

    /// The transform a `fraction` of the way from `self` to `end`: translation, rotation angle
    /// (the shorter way round), scales and shear are interpolated separately and recomposed.
    /// A fraction of exactly 0 or 1 gives `self` or `end` unchanged.
    public func interpolated(to end: Transform2D, fraction: Double) -> Transform2D {
        if fraction == 0 { return self }
        if fraction == 1 { return end }
        return DecomposedTransform(self).interpolated(to: DecomposedTransform(end), fraction: fraction)
            .recomposed()
    }

    /// Composition: `other` is applied first, then `self`; an additive transform animation thus
    /// acts in the layer's own space, inside its model transform.
    public func adding(_ other: Transform2D) -> Transform2D { other.concatenating(self) }

    /// The transform `x` with `x.adding(other) == self`, that is `self` after the inverse of
    /// `other`; when `other` cannot be inverted the result is `self` unchanged.
    public func subtracting(_ other: Transform2D) -> Transform2D {
        guard let inverse = other.inverted() else { return self }
        return inverse.concatenating(self)
    }

    /// The transform composed with itself `factor` times (rounded towards zero; a negative factor
    /// composes the inverse), by repeated squaring.
    public func scaled(by factor: Double) -> Transform2D {
        guard factor.isFinite else { return .identity }
        let whole = factor.rounded(.towardZero)
        guard whole != 0 else { return .identity }
        var base = self
        if whole < 0 {
            guard let inverse = inverted() else { return .identity }
            base = inverse
        }
        var remaining = min(abs(whole), 0x1p62)
        var result = Transform2D.identity
        while remaining >= 1 {
            let half = (remaining / 2).rounded(.down)
            if remaining - 2 * half == 1 { result = result.concatenating(base) }
            base = base.concatenating(base)
            remaining = half
        }
        return result
    }

    /// The Euclidean distance between the decomposed forms (translation, rotation angle in
    /// radians, scales, shear).
    public func distance(to other: Transform2D) -> Double {
        DecomposedTransform(self).distance(to: DecomposedTransform(other))
    }
}
