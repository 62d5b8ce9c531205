#if WaylandBackend
    import Wayland

    /// Which links' input queues each Wayland window's seat input goes to: every link made on a
    /// window gets every event, not only the last one made. Weak on both sides, so that a window or
    /// a link gone leaves nothing behind; a link invalidated but not yet gone drops what it is posted.
    final class WaylandWindowInputFanOut: Sendable {
        /// The one registry of the process.
        static let shared = WaylandWindowInputFanOut()

        /// A window's queues. The window is held weakly so that a new window at a dead one's
        /// address is not taken for it.
        private struct Entry {
            weak var window: WaylandWindow?
            var queues: [WeakQueue]
        }

        /// A link's queue, held weakly.
        private struct WeakQueue {
            weak var queue: InputQueue?
        }

        private let entries = Locked<[ObjectIdentifier: Entry]>([:])

        /// Adds `queue` to the queues that `window`'s input goes to; true when the window had none
        /// (its input handler is then to be set).
        func add(_ queue: InputQueue, for window: WaylandWindow) -> Bool {
            entries.withLock { entries in
                let key = ObjectIdentifier(window)
                entries = entries.filter { $0.value.window != nil }
                guard var entry = entries[key], entry.window === window else {
                    entries[key] = Entry(window: window, queues: [WeakQueue(queue: queue)])
                    return true
                }
                entry.queues.removeAll { $0.queue == nil }
                entry.queues.append(WeakQueue(queue: queue))
                entries[key] = entry
                return false
            }
        }

        /// The live queues of `window`'s links, in the order the links were made.
        func queues(for window: WaylandWindow) -> [InputQueue] {
            entries.withLock { entries in
                guard let entry = entries[ObjectIdentifier(window)], entry.window === window else {
                    return []
                }
                return entry.queues.compactMap(\.queue)
            }
        }
    }
#endif
