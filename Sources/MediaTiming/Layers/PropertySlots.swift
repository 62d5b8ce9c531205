// The animatable fields of `LayerState`, grouped by value type, so that an attached animation can
// read and write its property with a switch instead of a key path or a dictionary look-up.

/// The animatable ``Double`` fields of ``LayerState``.
enum ScalarSlot: UInt8, Sendable {
    case opacity, strokeStart, strokeEnd, lineWidth, miterLimit, fontSize
}

/// The animatable ``Point`` fields of ``LayerState``.
enum PointSlot: UInt8, Sendable {
    case position, anchorPoint
}

/// The animatable ``Size`` fields of ``LayerState``.
enum SizeSlot: UInt8, Sendable {
    case boundsSize
}

/// The animatable ``Rect`` fields of ``LayerState``.
enum RectSlot: UInt8, Sendable {
    case bounds
}

/// The animatable ``Color`` fields of ``LayerState``.
enum ColorSlot: UInt8, Sendable {
    case backgroundColor, fillColor, strokeColor, foregroundColor
}

/// The animatable ``Transform2D`` fields of ``LayerState``.
enum TransformSlot: UInt8, Sendable {
    case transform
}

extension LayerState {
    subscript(slot: ScalarSlot) -> Double {
        @inline(__always) get {
            switch slot {
            case .opacity: opacity
            case .strokeStart: strokeStart
            case .strokeEnd: strokeEnd
            case .lineWidth: lineWidth
            case .miterLimit: miterLimit
            case .fontSize: fontSize
            }
        }
        @inline(__always) set {
            switch slot {
            case .opacity: opacity = newValue
            case .strokeStart: strokeStart = newValue
            case .strokeEnd: strokeEnd = newValue
            case .lineWidth: lineWidth = newValue
            case .miterLimit: miterLimit = newValue
            case .fontSize: fontSize = newValue
            }
        }
    }

    subscript(slot: PointSlot) -> Point {
        @inline(__always) get {
            switch slot {
            case .position: position
            case .anchorPoint: anchorPoint
            }
        }
        @inline(__always) set {
            switch slot {
            case .position: position = newValue
            case .anchorPoint: anchorPoint = newValue
            }
        }
    }

    subscript(slot: SizeSlot) -> Size {
        @inline(__always) get {
            switch slot {
            case .boundsSize: bounds.size
            }
        }
        @inline(__always) set {
            switch slot {
            case .boundsSize: bounds.size = newValue
            }
        }
    }

    subscript(slot: RectSlot) -> Rect {
        @inline(__always) get {
            switch slot {
            case .bounds: bounds
            }
        }
        @inline(__always) set {
            switch slot {
            case .bounds: bounds = newValue
            }
        }
    }

    subscript(slot: ColorSlot) -> Color {
        @inline(__always) get {
            switch slot {
            case .backgroundColor: backgroundColor
            case .fillColor: fillColor
            case .strokeColor: strokeColor
            case .foregroundColor: foregroundColor
            }
        }
        @inline(__always) set {
            switch slot {
            case .backgroundColor: backgroundColor = newValue
            case .fillColor: fillColor = newValue
            case .strokeColor: strokeColor = newValue
            case .foregroundColor: foregroundColor = newValue
            }
        }
    }

    subscript(slot: TransformSlot) -> Transform2D {
        @inline(__always) get {
            switch slot {
            case .transform: transform
            }
        }
        @inline(__always) set {
            switch slot {
            case .transform: transform = newValue
            }
        }
    }
}
