// Ten frames of a 60 Hz timer link, and a second of offline frames at 30 fps, with FrameClock's
// display backends turned off: `.automatic` says why it chose the timer.
import FrameClock
import Synchronization

let link = try DisplayLink(source: .automatic)
let frames = Mutex(0)
let done = Mutex<CheckedContinuation<Void, Never>?>(nil)
await withCheckedContinuation { continuation in
    done.withLock { $0 = continuation }
    do {
        try link.start { _ in
            // Ten counted: a frame that comes before invalidate() below returns is not the check's.
            let count = frames.withLock { count -> Int in
                if count < 10 { count += 1 }
                return count
            }
            if count == 10 { done.withLock { $0.take() }?.resume() }
        }
    } catch {
        print("cannot start the link: \(error)")
        done.withLock { $0.take() }?.resume()
    }
}
link.invalidate()
print("live: \(frames.withLock { $0 }) frames on \(link.sourceInfo)")

let offline = try OfflineFrames(framesPerSecond: 30, duration: .seconds(1))
print("offline: \(offline.count) frames, the last at \(offline.last?.targetTimestamp.seconds ?? 0) s")
