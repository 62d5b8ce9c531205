import Foundation

@testable import FrameClock

/// What an input handler and a frame callback saw, in the order they ran.
final class InputRecorder: @unchecked Sendable {
    enum Entry {
        case batch(InputBatch)
        case callback(Frame)
    }
    private let lock = NSLock()
    private var entries: [Entry] = []

    func record(_ batch: InputBatch) { lock.withLock { entries.append(.batch(batch)) } }
    func record(_ frame: Frame) { lock.withLock { entries.append(.callback(frame)) } }

    var all: [Entry] { lock.withLock { entries } }

    var batches: [InputBatch] {
        all.compactMap {
            if case .batch(let batch) = $0 { batch } else { nil }
        }
    }

    /// The link's handler and callback, both recording here.
    func attach(to link: DisplayLink) throws {
        link.input.setHandler { [self] batch in record(batch) }
        try link.start { [self] frame in record(frame) }
    }
}
