/// The fixed part of a keyframe curve in an ``AnimationProgram``. The values follow it, then the
/// key times, then the segment timing functions (if any), each array at the first offset aligned
/// for its type (see ``ProgramKeyframes``).
struct KeyframeLayout {
    var count: Int32
    var hasSegmentTimingFunctions: Bool
    var isDiscrete: Bool
    var composition: AnimationComposition
    var timingFunction: TimingFunction
}

/// A keyframe curve read in place from an ``AnimationProgram``.
struct ProgramKeyframes<Value: Interpolatable>: KeyframeSource {
    let base: UnsafeRawPointer
    let count: Int
    /// The first key time.
    private let keyTimes: UnsafeRawPointer

    @inline(__always)
    init(at base: UnsafeRawPointer) {
        self.base = base
        let count = Int(base.load(fromByteOffset: Self.countOffset, as: Int32.self))
        self.count = count
        keyTimes = base + Self.keyTimesOffset(count: count)
    }

    // The layout's own fields, read where they are used.
    private static var countOffset: Int { MemoryLayout<KeyframeLayout>.offset(of: \.count) ?? 0 }

    var hasSegmentTimingFunctions: Bool {
        base.load(
            fromByteOffset: MemoryLayout<KeyframeLayout>.offset(of: \.hasSegmentTimingFunctions) ?? 0,
            as: Bool.self)
    }
    var isDiscrete: Bool {
        base.load(fromByteOffset: MemoryLayout<KeyframeLayout>.offset(of: \.isDiscrete) ?? 0, as: Bool.self)
    }
    var timingFunction: TimingFunction {
        base.load(
            fromByteOffset: MemoryLayout<KeyframeLayout>.offset(of: \.timingFunction) ?? 0,
            as: TimingFunction.self)
    }
    var composition: AnimationComposition {
        base.load(
            fromByteOffset: MemoryLayout<KeyframeLayout>.offset(of: \.composition) ?? 0,
            as: AnimationComposition.self)
    }

    /// Where the values start.
    @inline(__always)
    static var valuesOffset: Int {
        MemoryLayout<KeyframeLayout>.stride.aligned(to: MemoryLayout<Value>.alignment)
    }

    /// Where the key times start, after `count` values.
    @inline(__always)
    static func keyTimesOffset(count: Int) -> Int {
        (valuesOffset + count * MemoryLayout<Value>.stride).aligned(to: MemoryLayout<Double>.alignment)
    }

    /// Where the segment timing functions start, after `count` values and key times.
    @inline(__always)
    static func functionsOffset(count: Int) -> Int {
        (keyTimesOffset(count: count) + count * MemoryLayout<Double>.stride).aligned(
            to: MemoryLayout<TimingFunction>.alignment)
    }

    @inline(__always)
    func value(at index: Int) -> Value {
        // Indices are valid by construction: no overflow checks.
        base.load(fromByteOffset: Self.valuesOffset &+ index &* MemoryLayout<Value>.stride, as: Value.self)
    }

    @inline(__always)
    func keyTime(at index: Int) -> Double {
        keyTimes.load(fromByteOffset: index &* MemoryLayout<Double>.stride, as: Double.self)
    }

    @inline(__always)
    func segmentTimingFunction(at index: Int) -> TimingFunction {
        base.load(
            fromByteOffset: Self.functionsOffset(count: count) &+ index
                &* MemoryLayout<TimingFunction>.stride,
            as: TimingFunction.self)
    }

    /// Appends `curve` to `builder` in this form.
    static func append(_ curve: KeyframeCurve<Value>, to builder: inout ProgramBuilder) {
        let count = curve.values.count
        let start = builder.append(
            KeyframeLayout(
                count: Int32(count), hasSegmentTimingFunctions: curve.segmentTimingFunctions != nil,
                isDiscrete: curve.isDiscrete, composition: curve.composition,
                timingFunction: curve.timingFunction))
        // Elements of one type follow each other at their stride, a multiple of their alignment.
        appendAll(curve.values, to: &builder, at: start + valuesOffset)
        appendAll(curve.keyTimes, to: &builder, at: start + keyTimesOffset(count: count))
        appendAll(curve.segmentTimingFunctions ?? [], to: &builder, at: start + functionsOffset(count: count))
    }

    /// Appends `elements`, the first at `offset` (the next offset aligned for their type).
    private static func appendAll<T>(_ elements: [T], to builder: inout ProgramBuilder, at offset: Int) {
        builder.pad(to: MemoryLayout<T>.alignment)
        precondition(builder.count == offset, "keyframe layout out of step")
        for element in elements { builder.append(element) }
    }
}

extension Int {
    /// The smallest multiple of `alignment` (a power of two) not below `self`.
    @inline(__always)
    fileprivate func aligned(to alignment: Int) -> Int { (self + alignment - 1) & ~(alignment - 1) }
}
