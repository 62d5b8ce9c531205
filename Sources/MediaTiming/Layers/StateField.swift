/// The animatable stored fields of ``LayerState``: where an animation's value is written, found
/// by a byte offset rather than a key path or a switch, so that the per-frame path writes a field
/// with one store.
enum StateField: UInt8, CaseIterable, Sendable {
    case opacity, strokeStart, strokeEnd, lineWidth, miterLimit, fontSize, cornerRadius, borderWidth
    case position, anchorPoint
    case bounds
    case backgroundColor, fillColor, strokeColor, foregroundColor, borderColor
    case transform
    case colors, locations, startPoint, endPoint
    case instanceDelay, instanceTransform, instanceColor
    case instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset

    /// A distinct bit for each field, so that a layer can find the first animation on each.
    var bit: UInt64 { 1 << UInt64(rawValue) }

    /// The field's byte offset in ``LayerState``.
    var offset: Int {
        let offset: Int?
        switch self {
        case .opacity: offset = MemoryLayout<LayerState>.offset(of: \.opacity)
        case .strokeStart: offset = MemoryLayout<LayerState>.offset(of: \.strokeStart)
        case .strokeEnd: offset = MemoryLayout<LayerState>.offset(of: \.strokeEnd)
        case .lineWidth: offset = MemoryLayout<LayerState>.offset(of: \.lineWidth)
        case .miterLimit: offset = MemoryLayout<LayerState>.offset(of: \.miterLimit)
        case .fontSize: offset = MemoryLayout<LayerState>.offset(of: \.fontSize)
        case .cornerRadius: offset = MemoryLayout<LayerState>.offset(of: \.cornerRadius)
        case .borderWidth: offset = MemoryLayout<LayerState>.offset(of: \.borderWidth)
        case .position: offset = MemoryLayout<LayerState>.offset(of: \.position)
        case .anchorPoint: offset = MemoryLayout<LayerState>.offset(of: \.anchorPoint)
        case .bounds: offset = MemoryLayout<LayerState>.offset(of: \.bounds)
        case .backgroundColor: offset = MemoryLayout<LayerState>.offset(of: \.backgroundColor)
        case .fillColor: offset = MemoryLayout<LayerState>.offset(of: \.fillColor)
        case .strokeColor: offset = MemoryLayout<LayerState>.offset(of: \.strokeColor)
        case .foregroundColor: offset = MemoryLayout<LayerState>.offset(of: \.foregroundColor)
        case .borderColor: offset = MemoryLayout<LayerState>.offset(of: \.borderColor)
        case .transform: offset = MemoryLayout<LayerState>.offset(of: \.transform)
        case .colors: offset = MemoryLayout<LayerState>.offset(of: \.colors)
        case .locations: offset = MemoryLayout<LayerState>.offset(of: \.locations)
        case .startPoint: offset = MemoryLayout<LayerState>.offset(of: \.startPoint)
        case .endPoint: offset = MemoryLayout<LayerState>.offset(of: \.endPoint)
        case .instanceDelay: offset = MemoryLayout<LayerState>.offset(of: \.instanceDelay)
        case .instanceTransform: offset = MemoryLayout<LayerState>.offset(of: \.instanceTransform)
        case .instanceColor: offset = MemoryLayout<LayerState>.offset(of: \.instanceColor)
        case .instanceRedOffset: offset = MemoryLayout<LayerState>.offset(of: \.instanceRedOffset)
        case .instanceGreenOffset: offset = MemoryLayout<LayerState>.offset(of: \.instanceGreenOffset)
        case .instanceBlueOffset: offset = MemoryLayout<LayerState>.offset(of: \.instanceBlueOffset)
        case .instanceAlphaOffset: offset = MemoryLayout<LayerState>.offset(of: \.instanceAlphaOffset)
        }
        // Every case names a stored property, for which `offset(of:)` is never nil.
        return offset ?? 0
    }
}
