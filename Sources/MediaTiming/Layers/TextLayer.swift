/// A layer that draws text, on several lines when it holds line feeds or is wrapped: a small
/// counterpart of `CATextLayer`.
public final class TextLayer: Layer {
    /// A text layer with an empty string, 36-point sans-serif white text, left-aligned.
    public override init() {
        super.init()
    }

    /// ``LayerState/string``.
    public var string: String {
        get { model.string }
        set { model.string = newValue }
    }

    /// ``LayerState/fontFamily``.
    public var fontFamily: String {
        get { model.fontFamily }
        set { model.fontFamily = newValue }
    }

    /// ``LayerState/isBold``.
    public var isBold: Bool {
        get { model.isBold }
        set { model.isBold = newValue }
    }

    /// ``LayerState/fontSize``.
    public var fontSize: Double {
        get { model.fontSize }
        set { change(.fontSize, to: newValue) { $0.fontSize = newValue } }
    }

    /// ``LayerState/foregroundColor``.
    public var foregroundColor: Color {
        get { model.foregroundColor }
        set { change(.foregroundColor, to: newValue) { $0.foregroundColor = newValue } }
    }

    /// ``LayerState/alignment``.
    public var alignment: TextAlignment {
        get { model.alignment }
        set { model.alignment = newValue }
    }

    /// ``LayerState/isWrapped``.
    public var isWrapped: Bool {
        get { model.isWrapped }
        set { model.isWrapped = newValue }
    }
}
