/// An animatable property of a layer, typed by its value: what Core Animation names with a key
/// path string such as `"strokeEnd"`.
///
/// ```swift
/// var sweep = BasicAnimation(property: .strokeEnd, fromValue: 0, toValue: 1)
/// ```
///
/// The set is fixed (as Core Animation's animatable keys are): ``opacity``, ``strokeStart``,
/// ``strokeEnd``, ``lineWidth``, ``miterLimit``, ``fontSize``, ``cornerRadius``, ``borderWidth``
/// (`Double`); ``position``,
/// ``anchorPoint`` (``Point``); ``boundsSize`` (``Size``); ``bounds`` (``Rect``);
/// ``backgroundColor``, ``fillColor``, ``strokeColor``, ``foregroundColor``, ``borderColor``
/// (``Color``);
/// ``transform`` (``Transform2D``); and parts of the transform as numbers, decomposed:
/// ``rotation``, ``scale``, ``scaleX``, ``scaleY``, ``translationX``, ``translationY`` (`Double`),
/// whose animations change that part of the transform and keep the others. Animating a property a layer kind does not draw (say
/// `strokeEnd` on a ``TextLayer``) changes its presentation state but not what is drawn.
public struct LayerProperty<Value: Interpolatable>: Sendable, Equatable, CustomStringConvertible {
    /// The property's name, as Core Animation's key path spells it.
    public let name: String
    let read: @Sendable (LayerState) -> Value
    /// Where an animation of the property writes its value.
    let target: PropertyTarget

    /// The name.
    public var description: String { name }

    /// Two properties are equal when they name the same field.
    public static func == (lhs: LayerProperty, rhs: LayerProperty) -> Bool { lhs.name == rhs.name }

    /// The property's value in `state`.
    public func value(in state: LayerState) -> Value { read(state) }
}

extension LayerProperty {
    /// A property stored whole in `field`, found at `keyPath`.
    init(
        _ name: String, _ keyPath: KeyPath<LayerState, Value> & Sendable, _ kind: ValueKind, field: StateField
    ) {
        self.init(name: name, read: { $0[keyPath: keyPath] }, target: PropertyTarget(kind, field: field))
    }
}

extension LayerProperty where Value == Double {
    init(_ name: String, _ keyPath: KeyPath<LayerState, Double> & Sendable, field: StateField) {
        self.init(name, keyPath, .scalar, field: field)
    }

    /// ``LayerState/opacity``.
    public static var opacity: LayerProperty<Double> { LayerProperty("opacity", \.opacity, field: .opacity) }
    /// ``LayerState/strokeStart``.
    public static var strokeStart: LayerProperty<Double> {
        LayerProperty("strokeStart", \.strokeStart, field: .strokeStart)
    }
    /// ``LayerState/strokeEnd``.
    public static var strokeEnd: LayerProperty<Double> {
        LayerProperty("strokeEnd", \.strokeEnd, field: .strokeEnd)
    }
    /// ``LayerState/lineWidth``.
    public static var lineWidth: LayerProperty<Double> {
        LayerProperty("lineWidth", \.lineWidth, field: .lineWidth)
    }
    /// ``LayerState/miterLimit``.
    public static var miterLimit: LayerProperty<Double> {
        LayerProperty("miterLimit", \.miterLimit, field: .miterLimit)
    }
    /// ``LayerState/fontSize``.
    public static var fontSize: LayerProperty<Double> {
        LayerProperty("fontSize", \.fontSize, field: .fontSize)
    }
    /// ``LayerState/cornerRadius``.
    public static var cornerRadius: LayerProperty<Double> {
        LayerProperty("cornerRadius", \.cornerRadius, field: .cornerRadius)
    }
    /// ``LayerState/borderWidth``.
    public static var borderWidth: LayerProperty<Double> {
        LayerProperty("borderWidth", \.borderWidth, field: .borderWidth)
    }
}

extension LayerProperty where Value == Double {
    init(_ name: String, component: TransformComponent) {
        self.init(
            name: name, read: { component.value(in: $0.transform) }, target: PropertyTarget(component))
    }

    /// The rotation angle of ``LayerState/transform`` in radians, as a number (Core Animation's
    /// `"transform.rotation.z"`): an animation from 0 to 2π turns the layer once, where an
    /// animation of the whole transform would go the shorter way round and not turn at all.
    /// Setting it keeps the transform's scale, shear and translation; read back, the angle lies in
    /// (−π, π].
    public static var rotation: LayerProperty<Double> {
        LayerProperty("transform.rotation.z", component: .rotation)
    }
    /// The scale of ``LayerState/transform`` in both directions (Core Animation's
    /// `"transform.scale"`): read as the mean of the two scales; setting it sets both and keeps the
    /// rotation, shear, translation and any reflection.
    public static var scale: LayerProperty<Double> { LayerProperty("transform.scale", component: .scale) }
    /// The horizontal scale of ``LayerState/transform`` (`"transform.scale.x"`).
    public static var scaleX: LayerProperty<Double> { LayerProperty("transform.scale.x", component: .scaleX) }
    /// The vertical scale of ``LayerState/transform`` (`"transform.scale.y"`).
    public static var scaleY: LayerProperty<Double> { LayerProperty("transform.scale.y", component: .scaleY) }
    /// The horizontal translation of ``LayerState/transform`` (`"transform.translation.x"`).
    public static var translationX: LayerProperty<Double> {
        LayerProperty("transform.translation.x", component: .translationX)
    }
    /// The vertical translation of ``LayerState/transform`` (`"transform.translation.y"`).
    public static var translationY: LayerProperty<Double> {
        LayerProperty("transform.translation.y", component: .translationY)
    }
}

extension LayerProperty where Value == Point {
    init(_ name: String, _ keyPath: KeyPath<LayerState, Point> & Sendable, field: StateField) {
        self.init(name, keyPath, .point, field: field)
    }

    /// ``LayerState/position``.
    public static var position: LayerProperty<Point> {
        LayerProperty("position", \.position, field: .position)
    }
    /// ``LayerState/anchorPoint``.
    public static var anchorPoint: LayerProperty<Point> {
        LayerProperty("anchorPoint", \.anchorPoint, field: .anchorPoint)
    }
}

extension LayerProperty where Value == Size {
    /// The size of ``LayerState/bounds`` (Core Animation's `"bounds.size"`).
    public static var boundsSize: LayerProperty<Size> {
        LayerProperty(
            name: "bounds.size", read: { $0.bounds.size },
            target: PropertyTarget(
                .size, field: .bounds,
                offset: StateField.bounds.offset + (MemoryLayout<Rect>.offset(of: \.size) ?? 0)))
    }
}

extension LayerProperty where Value == Rect {
    /// ``LayerState/bounds``.
    public static var bounds: LayerProperty<Rect> {
        LayerProperty(name: "bounds", read: { $0.bounds }, target: PropertyTarget(.rect, field: .bounds))
    }
}

extension LayerProperty where Value == Color {
    init(_ name: String, _ keyPath: KeyPath<LayerState, Color> & Sendable, field: StateField) {
        self.init(name, keyPath, .color, field: field)
    }

    /// ``LayerState/backgroundColor``.
    public static var backgroundColor: LayerProperty<Color> {
        LayerProperty("backgroundColor", \.backgroundColor, field: .backgroundColor)
    }
    /// ``LayerState/fillColor``.
    public static var fillColor: LayerProperty<Color> {
        LayerProperty("fillColor", \.fillColor, field: .fillColor)
    }
    /// ``LayerState/strokeColor``.
    public static var strokeColor: LayerProperty<Color> {
        LayerProperty("strokeColor", \.strokeColor, field: .strokeColor)
    }
    /// ``LayerState/foregroundColor``.
    public static var foregroundColor: LayerProperty<Color> {
        LayerProperty("foregroundColor", \.foregroundColor, field: .foregroundColor)
    }
    /// ``LayerState/borderColor``.
    public static var borderColor: LayerProperty<Color> {
        LayerProperty("borderColor", \.borderColor, field: .borderColor)
    }
}

extension LayerProperty where Value == Transform2D {
    /// ``LayerState/transform``.
    public static var transform: LayerProperty<Transform2D> {
        LayerProperty(
            name: "transform", read: { $0.transform }, target: PropertyTarget(.transform, field: .transform))
    }
}
