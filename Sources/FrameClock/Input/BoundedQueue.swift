/// A first-in first-out queue of at most `capacity` elements: appending to a full queue drops the
/// oldest element, so that a flood keeps the newest ones in fixed memory.
struct BoundedQueue<Element: Sendable>: Sendable {
    private var storage: [Element?]
    private var head = 0
    /// How many elements are held (at most the capacity).
    private(set) var count = 0

    /// An empty queue holding at most `capacity` elements (at least 1). Storage grows with use up to
    /// the capacity, never past it.
    init(capacity: Int) {
        storage = []
        self.capacity = max(1, capacity)
    }

    /// The most elements the queue holds.
    let capacity: Int

    var isEmpty: Bool { count == 0 }

    /// The oldest element; nil when empty.
    var first: Element? { isEmpty ? nil : storage[head] }

    /// The newest element; nil when empty.
    var last: Element? { isEmpty ? nil : storage[(head + count - 1) % storage.count] }

    /// The element `index` places after the oldest (0 is the oldest).
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        return storage[(head + index) % storage.count]!
    }

    /// Appends `element`; returns true when the oldest element was dropped to make room.
    @discardableResult
    mutating func append(_ element: Element) -> Bool {
        if count == storage.count && storage.count < capacity {
            // Full at its current size: straightened out, then grown by one.
            if head != 0 {
                storage = Array(storage[head...] + storage[..<head])
                head = 0
            }
            storage.append(element)
            count += 1
            return false
        }
        if count == capacity {
            storage[head] = element
            head = (head + 1) % storage.count
            return true
        }
        storage[(head + count) % storage.count] = element
        count += 1
        return false
    }

    /// Removes and returns the oldest element; nil when empty.
    mutating func removeFirst() -> Element? {
        guard let element = first else { return nil }
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        if count == 0 { head = 0 }
        return element
    }
}
