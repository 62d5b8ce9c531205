internal import CCairo
import MediaTiming

/// Draws a layer tree's presentation state onto a Cairo context, back to front (the layer's box,
/// its rounded corners and border, in `CairoLayerDrawing+Box.swift`; gradients and replicated
/// sublayers in files of their own).
struct CairoLayerDrawing {
    let context: OpaquePointer
    /// The greatest distance, in pixels, between a curve and the chords that measure it when
    /// trimming strokes.
    var flatteningTolerance = 0.05

    /// Draws `layer` and its sublayers at its superlayer's time `parentTime`.
    func draw(_ layer: Layer, parentTime: Double) {
        let localTime = layer.localTime(fromParentTime: parentTime)
        let state = layer.presentation(atLocalTime: localTime)
        guard !state.isHidden else { return }
        let opacity = ColorComponents.clamped(state.opacity)
        guard opacity > 0 else { return }
        let toSuperlayer = state.transformToSuperlayer
        let determinant = toSuperlayer.determinant
        // A transform that flattens the layer to nothing (or is not finite) draws nothing; Cairo
        // would refuse it and stop drawing altogether.
        guard determinant != 0, determinant.isFinite, toSuperlayer.tx.isFinite, toSuperlayer.ty.isFinite
        else {
            return
        }

        cairo_save(context)
        defer { cairo_restore(context) }
        var matrix = cairo_matrix_t(
            xx: toSuperlayer.a, yx: toSuperlayer.b, xy: toSuperlayer.c, yy: toSuperlayer.d,
            x0: toSuperlayer.tx, y0: toSuperlayer.ty)
        cairo_transform(context, &matrix)

        let isGrouped = opacity < 1
        if isGrouped { cairo_push_group(context) }

        if state.masksToBounds {
            addBox(of: state)
            cairo_clip(context)
        }
        if state.backgroundColor.alpha > 0 {
            addBox(of: state)
            setSource(state.backgroundColor)
            cairo_fill(context)
        }
        if state.colors.count > 0 {
            drawGradient(state)
        }
        if !state.path.isEmpty {
            drawShape(state)
        }
        if !state.string.isEmpty {
            drawText(state)
        }
        if layer is ReplicatorLayer {
            drawReplicatedSublayers(of: layer, state: state, localTime: localTime)
        } else {
            for sublayer in layer.sublayers {
                draw(sublayer, parentTime: localTime)
            }
        }
        drawBorder(of: state)

        if isGrouped {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, opacity)
        }
    }

    private func drawShape(_ state: LayerState) {
        if state.fillColor.alpha > 0 {
            cairo_new_path(context)
            addPath(state.path)
            cairo_set_fill_rule(
                context, state.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(state.fillColor)
            cairo_fill(context)
        }
        let lineWidth = state.lineWidth
        guard state.strokeColor.alpha > 0, lineWidth > 0, lineWidth.isFinite else { return }
        let stroked = state.path.trimmed(
            from: state.strokeStart, to: state.strokeEnd, tolerance: flatteningTolerance)
        guard !stroked.isEmpty else { return }
        cairo_new_path(context)
        addPath(stroked)
        cairo_set_line_width(context, lineWidth)
        cairo_set_line_cap(context, Self.cairoCap(state.lineCap))
        cairo_set_line_join(context, Self.cairoJoin(state.lineJoin))
        cairo_set_miter_limit(
            context, state.miterLimit.isFinite && state.miterLimit >= 1 ? state.miterLimit : 10)
        setSource(state.strokeColor)
        cairo_stroke(context)
    }

    private func drawText(_ state: LayerState) {
        guard state.foregroundColor.alpha > 0 else { return }
        let layout = TextLayout(state: state, context: context)
        setSource(state.foregroundColor)
        for line in layout.lines where !line.text.isEmpty {
            cairo_new_path(context)
            guard line.extraWordSpacing > 0 else {
                cairo_move_to(context, line.x, line.baseline)
                cairo_show_text(context, line.text)
                continue
            }
            // A justified line: word by word, each space widened.
            let space = TextLayout.advance(of: " ", in: context) + line.extraWordSpacing
            var x = line.x
            for word in line.text.split(separator: " ", omittingEmptySubsequences: false) {
                cairo_move_to(context, x, line.baseline)
                cairo_show_text(context, String(word))
                x += TextLayout.advance(of: word, in: context) + space
            }
        }
    }

    /// Adds `path`'s elements to the context's current path. Elements with non-finite coordinates
    /// are left out.
    private func addPath(_ path: Path) {
        for element in path.elements {
            switch element {
            case .move(let point):
                guard point.isFinite else { continue }
                cairo_move_to(context, point.x, point.y)
            case .line(let point):
                guard point.isFinite else { continue }
                cairo_line_to(context, point.x, point.y)
            case .quadCurve(let point, let control):
                guard point.isFinite, control.isFinite else { continue }
                // Cairo draws cubics: raise the quadratic's degree.
                var current = Point(x: 0, y: 0)
                if cairo_has_current_point(context) != 0 {
                    cairo_get_current_point(context, &current.x, &current.y)
                }
                let control1 = Point(
                    x: current.x + 2.0 / 3.0 * (control.x - current.x),
                    y: current.y + 2.0 / 3.0 * (control.y - current.y))
                let control2 = Point(
                    x: point.x + 2.0 / 3.0 * (control.x - point.x),
                    y: point.y + 2.0 / 3.0 * (control.y - point.y))
                cairo_curve_to(context, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .cubicCurve(let point, let control1, let control2):
                guard point.isFinite, control1.isFinite, control2.isFinite else { continue }
                cairo_curve_to(context, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .arc(let center, let radius, let startAngle, let endAngle, let clockwise):
                guard center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
                    continue
                }
                if clockwise {
                    cairo_arc(context, center.x, center.y, abs(radius), startAngle, endAngle)
                } else {
                    cairo_arc_negative(context, center.x, center.y, abs(radius), startAngle, endAngle)
                }
            case .close:
                cairo_close_path(context)
            }
        }
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(
            context, ColorComponents.clamped(color.red), ColorComponents.clamped(color.green),
            ColorComponents.clamped(color.blue), ColorComponents.clamped(color.alpha))
    }

    private static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    private static func cairoJoin(_ join: LineJoin) -> cairo_line_join_t {
        switch join {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

extension Point {
    fileprivate var isFinite: Bool { x.isFinite && y.isFinite }
}
