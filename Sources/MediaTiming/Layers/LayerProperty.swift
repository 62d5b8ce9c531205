/// An animatable property of a layer, typed by its value: what Core Animation names with a key
/// path string such as `"strokeEnd"`.
///
/// ```swift
/// var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0, toValue: 1)
/// ```
///
/// The set is fixed (as Core Animation's animatable keys are): ``opacity``, ``strokeStart``,
/// ``strokeEnd``, ``lineWidth``, ``miterLimit``, ``fontSize`` (``Double``); ``position``,
/// ``anchorPoint`` (``Point``); ``boundsSize`` (``Size``); ``bounds`` (``Rect``);
/// ``backgroundColor``, ``fillColor``, ``strokeColor``, ``foregroundColor`` (``Color``);
/// ``transform`` (``Transform2D``). Animating a property a layer kind does not draw (say
/// `strokeEnd` on a ``TextLayer``) changes its presentation state but not what is drawn.
public struct LayerProperty<Value: Interpolatable>: Sendable, Equatable, CustomStringConvertible {
    /// The property's name, as Core Animation's key path spells it.
    public let name: String
    let read: @Sendable (LayerState) -> Value
    /// Stores an evaluation form in the table of `Value`s; returns the target and the index.
    let storeBasic: @Sendable (BasicCurve<Value>, inout AnimationTables) -> (AnimationTarget, Int)
    let storeKeyframe: @Sendable (KeyframeCurve<Value>, inout AnimationTables) -> (AnimationTarget, Int)

    /// The name.
    public var description: String { name }

    /// Two properties are equal when they name the same field.
    public static func == (lhs: LayerProperty, rhs: LayerProperty) -> Bool { lhs.name == rhs.name }

    /// The property's value in `state`.
    public func value(in state: LayerState) -> Value { read(state) }
}

extension LayerProperty where Value == Double {
    init(_ slot: ScalarSlot) {
        name = "\(slot)"
        read = { $0[slot] }
        storeBasic = { (.scalar(slot), $1.scalars.append($0)) }
        storeKeyframe = { (.scalar(slot), $1.scalars.append($0)) }
    }

    /// ``LayerState/opacity``.
    public static var opacity: LayerProperty<Double> { LayerProperty(.opacity) }
    /// ``LayerState/strokeStart``.
    public static var strokeStart: LayerProperty<Double> { LayerProperty(.strokeStart) }
    /// ``LayerState/strokeEnd``.
    public static var strokeEnd: LayerProperty<Double> { LayerProperty(.strokeEnd) }
    /// ``LayerState/lineWidth``.
    public static var lineWidth: LayerProperty<Double> { LayerProperty(.lineWidth) }
    /// ``LayerState/miterLimit``.
    public static var miterLimit: LayerProperty<Double> { LayerProperty(.miterLimit) }
    /// ``LayerState/fontSize``.
    public static var fontSize: LayerProperty<Double> { LayerProperty(.fontSize) }
}

extension LayerProperty where Value == Point {
    init(_ slot: PointSlot) {
        name = "\(slot)"
        read = { $0[slot] }
        storeBasic = { (.point(slot), $1.points.append($0)) }
        storeKeyframe = { (.point(slot), $1.points.append($0)) }
    }

    /// ``LayerState/position``.
    public static var position: LayerProperty<Point> { LayerProperty(.position) }
    /// ``LayerState/anchorPoint``.
    public static var anchorPoint: LayerProperty<Point> { LayerProperty(.anchorPoint) }
}

extension LayerProperty where Value == Size {
    init(_ slot: SizeSlot) {
        name = slot == .boundsSize ? "bounds.size" : "\(slot)"
        read = { $0[slot] }
        storeBasic = { (.size(slot), $1.sizes.append($0)) }
        storeKeyframe = { (.size(slot), $1.sizes.append($0)) }
    }

    /// The size of ``LayerState/bounds`` (Core Animation's `"bounds.size"`).
    public static var boundsSize: LayerProperty<Size> { LayerProperty(.boundsSize) }
}

extension LayerProperty where Value == Rect {
    init(_ slot: RectSlot) {
        name = "\(slot)"
        read = { $0[slot] }
        storeBasic = { (.rect(slot), $1.rects.append($0)) }
        storeKeyframe = { (.rect(slot), $1.rects.append($0)) }
    }

    /// ``LayerState/bounds``.
    public static var bounds: LayerProperty<Rect> { LayerProperty(.bounds) }
}

extension LayerProperty where Value == Color {
    init(_ slot: ColorSlot) {
        name = "\(slot)"
        read = { $0[slot] }
        storeBasic = { (.color(slot), $1.colors.append($0)) }
        storeKeyframe = { (.color(slot), $1.colors.append($0)) }
    }

    /// ``LayerState/backgroundColor``.
    public static var backgroundColor: LayerProperty<Color> { LayerProperty(.backgroundColor) }
    /// ``LayerState/fillColor``.
    public static var fillColor: LayerProperty<Color> { LayerProperty(.fillColor) }
    /// ``LayerState/strokeColor``.
    public static var strokeColor: LayerProperty<Color> { LayerProperty(.strokeColor) }
    /// ``LayerState/foregroundColor``.
    public static var foregroundColor: LayerProperty<Color> { LayerProperty(.foregroundColor) }
}

extension LayerProperty where Value == Transform2D {
    init(_ slot: TransformSlot) {
        name = "\(slot)"
        read = { $0[slot] }
        storeBasic = { (.transform(slot), $1.transforms.append($0)) }
        storeKeyframe = { (.transform(slot), $1.transforms.append($0)) }
    }

    /// ``LayerState/transform``.
    public static var transform: LayerProperty<Transform2D> { LayerProperty(.transform) }
}
