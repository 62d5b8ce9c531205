/// A layer that draws a path, filled and stroked: the counterpart of `CAShapeLayer`.
///
/// The stroke covers the part of ``path`` between ``strokeStart`` and ``strokeEnd`` (fractions of
/// its length; see ``Path/trimmed(from:to:tolerance:)``): animating ``strokeEnd`` from 0 to 1
/// draws the path progressively, which is how a seconds ring is drawn.
public final class ShapeLayer: Layer {
    /// A shape layer with Core Animation's defaults (opaque black fill, no stroke).
    public override init() {
        super.init()
    }

    /// ``LayerState/path``.
    public var path: Path {
        get { model.path }
        set { model.path = newValue }
    }

    /// ``LayerState/fillColor``.
    public var fillColor: Color {
        get { model.fillColor }
        set { change(.fillColor, to: newValue) { $0.fillColor = newValue } }
    }

    /// ``LayerState/fillRule``.
    public var fillRule: FillRule {
        get { model.fillRule }
        set { model.fillRule = newValue }
    }

    /// ``LayerState/strokeColor``.
    public var strokeColor: Color {
        get { model.strokeColor }
        set { change(.strokeColor, to: newValue) { $0.strokeColor = newValue } }
    }

    /// ``LayerState/lineWidth``.
    public var lineWidth: Double {
        get { model.lineWidth }
        set { change(.lineWidth, to: newValue) { $0.lineWidth = newValue } }
    }

    /// ``LayerState/lineCap``.
    public var lineCap: LineCap {
        get { model.lineCap }
        set { model.lineCap = newValue }
    }

    /// ``LayerState/lineJoin``.
    public var lineJoin: LineJoin {
        get { model.lineJoin }
        set { model.lineJoin = newValue }
    }

    /// ``LayerState/miterLimit``.
    public var miterLimit: Double {
        get { model.miterLimit }
        set { change(.miterLimit, to: newValue) { $0.miterLimit = newValue } }
    }

    /// ``LayerState/strokeStart``.
    public var strokeStart: Double {
        get { model.strokeStart }
        set { change(.strokeStart, to: newValue) { $0.strokeStart = newValue } }
    }

    /// ``LayerState/strokeEnd``.
    public var strokeEnd: Double {
        get { model.strokeEnd }
        set { change(.strokeEnd, to: newValue) { $0.strokeEnd = newValue } }
    }
}
