/// Up to ``capacity`` values stored inline, with a count: the storage of ``GradientColors`` and
/// ``GradientLocations``, which must be plain values (no reference to count or free) so that
/// animations of them can be compiled into a layer's program and written with plain stores.
struct GradientStopStorage<Element: Interpolatable>: Sendable {
    /// The most values a list holds.
    static var capacity: Int { 8 }

    private var elements: (Element, Element, Element, Element, Element, Element, Element, Element)
    /// How many of the elements are in use, 0 to ``capacity``.
    private(set) var count: Int

    /// The first ``capacity`` of `values`.
    init(_ values: some Sequence<Element>) {
        let zero = Element.zero
        elements = (zero, zero, zero, zero, zero, zero, zero, zero)
        count = 0
        for value in values.prefix(Self.capacity) {
            self[count] = value
            count += 1
        }
    }

    /// The element at `index` (0 to ``capacity`` − 1; elements at and beyond ``count`` are zero).
    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < Self.capacity, "index out of the storage")
            return withUnsafeBytes(of: elements) {
                $0.load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Element.self)
            }
        }
        set {
            precondition(index >= 0 && index < Self.capacity, "index out of the storage")
            withUnsafeMutableBytes(of: &elements) {
                $0.storeBytes(
                    of: newValue, toByteOffset: index * MemoryLayout<Element>.stride, as: Element.self)
            }
        }
    }

    /// The elements in use, as an array.
    var array: [Element] { (0..<count).map { self[$0] } }

    /// Combines `self` and `other` element by element over the longer count; a missing element is
    /// `fill` of the shorter list.
    func combined(
        with other: Self, fill: (Self) -> Element, _ combine: (Element, Element) -> Element
    ) -> Self {
        let length = Swift.max(count, other.count)
        var result = Self(EmptyCollection())
        let selfFill = fill(self)
        let otherFill = fill(other)
        for index in 0..<length {
            result[index] = combine(
                index < count ? self[index] : selfFill, index < other.count ? other[index] : otherFill)
        }
        result.count = length
        return result
    }

    /// Every element in use transformed by `transform`.
    func mapped(_ transform: (Element) -> Element) -> Self {
        var result = self
        for index in 0..<count { result[index] = transform(self[index]) }
        return result
    }

    /// Whether the elements in use are equal.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
    }
}
