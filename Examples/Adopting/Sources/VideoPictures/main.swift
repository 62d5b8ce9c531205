// Three seconds of 23.976 fps "video" on a 60 Hz link: each decoded picture scheduled at its
// presentation time, each frame drawing the picture it names. Prints how long each picture was
// held, beside the cadence ContentCadence predicts; exits 1 if a picture came early or out of order.
import Foundation
import FrameClock

let pictureRate = (numerator: Int64(24_000), denominator: Int64(1001))
let seconds: Int64 = 3
let link = try DisplayLink(source: .timer(framesPerSecond: 60))

// The player's side: the picture on screen, set by the frame callback (the frame thread).
final class Screen: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [(picture: UInt64, at: MonotonicInstant, time: MonotonicInstant)] = []
    private var dropped = 0
    func show(_ frame: Frame) {
        guard let content = frame.content else { return }  // nothing new: the picture stays
        lock.withLock {
            shown.append((content.id, frame.targetTimestamp, content.presentationTime))
            dropped += frame.droppedContent
        }
    }
    var record: (shown: [(picture: UInt64, at: MonotonicInstant, time: MonotonicInstant)], dropped: Int) {
        lock.withLock { (shown, dropped) }
    }
}

let screen = Screen()
try link.start { frame in screen.show(frame) }

// The decoder's side: pictures a few ahead of the clock, each at its presentation time.
let start = MonotonicInstant.now() + .milliseconds(100)
let count = Int(seconds * pictureRate.numerator / pictureRate.denominator)
for picture in 0..<count {
    while link.scheduledContentCount >= 4 { try await Task.sleep(for: .milliseconds(5)) }
    let offset = Int64(picture) * 1_000_000_000 * pictureRate.denominator / pictureRate.numerator
    try link.schedule(ScheduledContent(id: UInt64(picture), presentationTime: start + .nanoseconds(offset)))
}
while link.scheduledContentCount > 0 { try await Task.sleep(for: .milliseconds(20)) }
try await Task.sleep(for: .milliseconds(50))
link.invalidate()

let (shown, dropped) = screen.record
let refresh = try FramePeriod(framesPerSecond: 60)
let holds = zip(shown, shown.dropFirst()).map { Int((($1.at - $0.at) / refresh.duration).rounded()) }
let held = Dictionary(grouping: holds, by: { $0 }).sorted { $0.key < $1.key }.map {
    "\($0.key): \($0.value.count)"
}
let early = shown.filter { $0.at < $0.time }.count
let inOrder = zip(shown, shown.dropFirst()).allSatisfy { $0.picture < $1.picture }
let cadence = ContentCadence(
    content: try FramePeriod(
        numerator: pictureRate.denominator * 1_000_000_000, denominator: pictureRate.numerator),
    refresh: refresh)
print("\(shown.count) of \(count) pictures shown, \(dropped) dropped, \(early) early, in order: \(inOrder)")
print("held for (refreshes: pictures) \(held.joined(separator: ", "))")
print(
    "predicted: \(cadence.pattern) repeating, a break every \(Int((cadence.picturesBetweenBreaks ?? 0).rounded())) pictures; "
        + "at \(cadence.steadyFramesPerSecond) fps (×\(cadence.speedChange)) none")
if early > 0 || !inOrder || shown.count + dropped != count { exit(1) }
