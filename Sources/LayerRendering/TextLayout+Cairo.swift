internal import CCairo
public import MediaTiming

extension TextLayout {
    /// The layout of a text layer's presentation (or model) state with the fonts the renderer
    /// draws with: Cairo's, through fontconfig, in `state.fontFamily` at `state.fontSize`. Empty
    /// (no lines) when the string is empty or the font size is not positive and finite.
    ///
    /// - Throws: ``RenderingError/drawingFailed(reason:)`` if Cairo cannot set up a surface to
    ///   measure on.
    public init(state: LayerState) throws(RenderingError) {
        // A one-pixel surface to measure on; nothing is drawn on it.
        var pixel: UInt32 = 0
        self = try withUnsafeMutableBytes(of: &pixel) { bytes throws(RenderingError) -> TextLayout in
            guard let memory = bytes.baseAddress else {
                throw .drawingFailed(reason: "no memory to measure on")
            }
            let canvas = try CairoCanvas(memory: memory, width: 1, height: 1, bytesPerRow: 4, hasAlpha: true)
            return TextLayout(state: state, context: canvas.context)
        }
    }

    /// The layout of `state` measured on `context` (whose font it sets).
    init(state: LayerState, context: OpaquePointer) {
        let fontSize = state.fontSize
        guard !state.string.isEmpty, fontSize > 0, fontSize.isFinite else {
            self.init(lines: [], lineHeight: 0)
            return
        }
        cairo_select_font_face(
            context, state.fontFamily, CAIRO_FONT_SLANT_NORMAL,
            state.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, fontSize)
        var font = cairo_font_extents_t()
        cairo_font_extents(context, &font)
        self.init(
            string: state.string, bounds: state.bounds, alignment: state.alignment,
            isWrapped: state.isWrapped,
            ascent: font.ascent, descent: font.descent, lineHeight: font.height
        ) { text in
            Self.advance(of: text, in: context)
        }
    }

    private init(lines: [Line], lineHeight: Double) {
        self.lines = lines
        self.lineHeight = lineHeight
    }

    /// The advance width of `text` in the context's current font.
    static func advance(of text: Substring, in context: OpaquePointer) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, String(text), &extents)
        return extents.x_advance
    }
}
