/// One layer's evaluation forms of one value type, in two arrays of plain values (basic and
/// keyframe), which attached animations index into.
///
/// Keeping the forms in typed arrays rather than in an enum with payloads lets the per-frame path
/// evaluate each in place, without copying it out or touching a reference count.
struct AnimationTable<Value: Interpolatable>: Sendable {
    var basics: [BasicCurve<Value>] = []
    var keyframes: [KeyframeCurve<Value>] = []

    /// Stores a basic animation's form; returns its index.
    mutating func append(_ curve: BasicCurve<Value>) -> Int {
        basics.append(curve)
        return basics.count - 1
    }

    /// Stores a keyframe animation's form; returns its index.
    mutating func append(_ curve: KeyframeCurve<Value>) -> Int {
        keyframes.append(curve)
        return keyframes.count - 1
    }

    mutating func remove(isKeyframe: Bool, at index: Int) {
        if isKeyframe { keyframes.remove(at: index) } else { basics.remove(at: index) }
    }

    @inline(__always)
    func evaluate(
        isKeyframe: Bool, at index: Int, timing: ResolvedTiming, atParentTime parentTime: Double,
        underlying: Value
    ) -> Value {
        if isKeyframe {
            return keyframes.withUnsafeBufferPointer {
                $0[index].evaluate(timing: timing, atParentTime: parentTime, underlying: underlying)
            }
        }
        return basics.withUnsafeBufferPointer {
            $0[index].evaluate(timing: timing, atParentTime: parentTime, underlying: underlying)
        }
    }
}

/// A layer's evaluation forms, one table per value type.
struct AnimationTables: Sendable {
    var scalars = AnimationTable<Double>()
    var points = AnimationTable<Point>()
    var sizes = AnimationTable<Size>()
    var rects = AnimationTable<Rect>()
    var colors = AnimationTable<Color>()
    var transforms = AnimationTable<Transform2D>()

    mutating func remove(_ animation: AttachedAnimation) {
        let index = Int(animation.index)
        switch animation.target {
        case .scalar: scalars.remove(isKeyframe: animation.isKeyframe, at: index)
        case .point: points.remove(isKeyframe: animation.isKeyframe, at: index)
        case .size: sizes.remove(isKeyframe: animation.isKeyframe, at: index)
        case .rect: rects.remove(isKeyframe: animation.isKeyframe, at: index)
        case .color: colors.remove(isKeyframe: animation.isKeyframe, at: index)
        case .transform: transforms.remove(isKeyframe: animation.isKeyframe, at: index)
        }
    }

    mutating func removeAll() {
        self = AnimationTables()
    }
}
