/// Everything a layer shows: its model values, or its presentation values at one instant.
///
/// One flat value type serves all layer kinds, so that a renderer can draw any layer from a
/// snapshot without asking what it is: a plain ``Layer`` leaves the shape and text fields at
/// their defaults (an empty path and an empty string draw nothing), a ``ShapeLayer`` uses the
/// shape fields, a ``TextLayer`` the text fields. Defaults are Core Animation's.
///
/// ## Geometry
/// A layer's own coordinate space has `bounds.origin` at its top-left corner. The layer is placed
/// in its superlayer's space so that its anchor point, `anchorPoint` in unit coordinates of
/// `bounds` ((0.5, 0.5) is the centre), lands on `position`, with `transform` applied about the
/// anchor point: a point p of the layer is at `position + transform(p − anchor)` in the
/// superlayer, where `anchor = bounds.origin + anchorPoint · bounds.size` (see
/// ``transformToSuperlayer``).
public struct LayerState: Sendable, Hashable {
    // The fields most often animated come first, so that they share a cache line: evaluating
    // many layers per frame is bound by memory traffic.

    /// The opacity of the layer and its sublayers together, 0 to 1. Default: 1.
    public var opacity = 1.0
    /// Where the stroke starts, as a fraction of the path's length. Default: 0.
    public var strokeStart = 0.0
    /// Where the stroke ends, as a fraction of the path's length. Default: 1.
    public var strokeEnd = 1.0
    /// The stroke width. Default: 1.
    public var lineWidth = 1.0

    // MARK: Every layer

    /// The layer's own coordinate rectangle. Default: empty at the origin.
    public var bounds = Rect.zero
    /// Where the anchor point sits in the superlayer's coordinates. Default: the origin.
    public var position = Point.zero
    /// The anchor point in unit coordinates of `bounds`. Default: (0.5, 0.5), the centre.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// A transform applied about the anchor point. Default: identity.
    public var transform = Transform2D.identity
    /// Whether the layer and its sublayers are not drawn. Default: `false`.
    public var isHidden = false
    /// Whether sublayers are clipped to `bounds`. Default: `false`.
    public var masksToBounds = false
    /// The colour that fills `bounds` behind the content. Default: ``Color/clear`` (none).
    public var backgroundColor = Color.clear
    /// The radius of the rounded corners of the background, the border and, with `masksToBounds`,
    /// the clip (not of a shape layer's path), as Core Animation draws them; when drawn it is
    /// clamped to half the shorter side. Default: 0 (square corners).
    public var cornerRadius = 0.0
    /// The width of the border, drawn inside `bounds` over the content and the sublayers.
    /// Default: 0 (no border).
    public var borderWidth = 0.0
    /// The border's colour. Default: opaque black.
    public var borderColor = Color.black

    // MARK: Shape layers

    /// The shape, in the layer's coordinates. Default: empty.
    public var path = Path()
    /// The fill colour. Default: opaque black (``Color/clear`` for none).
    public var fillColor = Color.black
    /// Which points the fill covers. Default: non-zero.
    public var fillRule = FillRule.nonZero
    /// The stroke colour. Default: ``Color/clear`` (no stroke).
    public var strokeColor = Color.clear
    /// How open stroke ends are drawn. Default: butt.
    public var lineCap = LineCap.butt
    /// How stroke corners are drawn. Default: miter.
    public var lineJoin = LineJoin.miter
    /// The miter limit. Default: 10.
    public var miterLimit = 10.0

    // MARK: Text layers

    /// The text; each line feed starts a new line. Default: empty.
    public var string = ""
    /// The font family name as the renderer's font system knows it. Default: `"sans-serif"`.
    public var fontFamily = "sans-serif"
    /// Whether the font is bold. Default: `false`.
    public var isBold = false
    /// The font size in points. Default: 36.
    public var fontSize = 36.0
    /// The text colour. Default: opaque white.
    public var foregroundColor = Color.white
    /// Horizontal placement of each line within `bounds` (the block of lines is centred
    /// vertically). Default: left.
    public var alignment = TextAlignment.left
    /// Whether lines longer than the bounds' width are broken between words (and a word longer
    /// than the width between characters), as `CATextLayer.isWrapped`. Default: `false`: lines
    /// break only at line feeds.
    public var isWrapped = false

    // MARK: Gradient layers

    /// The gradient's colours from its start to its end. Default: none (no gradient is drawn).
    public var colors = GradientColors.zero
    /// Where each colour lies, from 0 (the start) to 1 (the end). Default: none (evenly spread).
    public var locations = GradientLocations.zero
    /// Where the gradient starts, in unit coordinates of `bounds`. Default: (0.5, 0), the middle of
    /// the top edge (Core Animation's, in a space whose y runs down).
    public var startPoint = Point(x: 0.5, y: 0)
    /// Where the gradient ends, in unit coordinates of `bounds`. Default: (0.5, 1), the middle of
    /// the bottom edge.
    public var endPoint = Point(x: 0.5, y: 1)
    /// How the colours are laid out. Default: axial.
    public var gradientType = GradientType.axial

    // MARK: Replicator layers

    /// How many copies of the sublayers are drawn. Default: 1. When drawn, a count below 0 reads as
    /// 0 and one above ``ReplicatorLayer/maximumInstanceCount`` as that maximum.
    public var instanceCount = 1
    /// The delay, in seconds of the layer's time, between one copy's time and the next's: copy k
    /// shows its sublayers at local time `t − k · instanceDelay`. Default: 0. Non-finite reads as 0.
    public var instanceDelay = 0.0
    /// The transform applied to copy k − 1 to place copy k, about the centre of `bounds`.
    /// Default: identity.
    public var instanceTransform = Transform2D.identity
    /// The colour the first copy's content is multiplied by. Default: opaque white (unchanged).
    public var instanceColor = Color.white
    /// Added to the red component of the colour for each copy after the first. Default: 0.
    public var instanceRedOffset = 0.0
    /// Added to the green component for each copy after the first. Default: 0.
    public var instanceGreenOffset = 0.0
    /// Added to the blue component for each copy after the first. Default: 0.
    public var instanceBlueOffset = 0.0
    /// Added to the alpha component for each copy after the first. Default: 0.
    public var instanceAlphaOffset = 0.0

    /// A state with every value at its default.
    public init() {}

    /// The point of the layer's own space that sits on `position`:
    /// `bounds.origin + anchorPoint · bounds.size`.
    public var anchorInBounds: Point {
        Point(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// The transform from the layer's own coordinates to its superlayer's:
    /// translate by −anchor, apply `transform`, translate to `position`.
    public var transformToSuperlayer: Transform2D {
        let anchor = anchorInBounds
        return Transform2D(translationX: -anchor.x, y: -anchor.y)
            .concatenating(transform)
            .concatenating(Transform2D(translationX: position.x, y: position.y))
    }
}
