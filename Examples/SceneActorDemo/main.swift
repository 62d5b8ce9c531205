// A front end built the actor way: a spinner turns on the display link's frame thread while a slow
// fetch (a blocking 2 s wait, as a name lookup on a dead uplink is) runs in a detached task; its
// result is applied on the scene actor between frames. Prints a line a second.
//
//   swift run scene-actor-demo [SECONDS]      (default 4)
import Foundation
import FrameClock

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init).map { min(max($0, 1), 600) } ?? 4
let link = try DisplayLink(source: .timer(framesPerSecond: 30))
let scene = try SpinnerScene(link: link)
try link.start(isolatedTo: scene) { scene, frame in scene.draw(frame) }

/// The slow part: blocks the calling thread for 2 s, as a lookup on a dead uplink does; returns
/// what it "fetched".
func slowFetch() -> String {
    let started = MonotonicInstant.now()
    Thread.sleep(forTimeInterval: 2)
    let took = Double((MonotonicInstant.now() - started) / .milliseconds(1)) / 1000
    return String(format: "fetched in %.2f s", took)
}

let fetch = Task.detached {
    let before = await scene.counts().frames
    let result = slowFetch()  // blocks this task's thread, never the frame thread
    await scene.apply(result, framesBefore: before)
}

try await Task.sleep(for: .seconds(seconds))
link.invalidate()
await fetch.value
let (frames, skipped) = await scene.counts()
let during = await scene.framesWhileFetching.map(String.init) ?? "none (the fetch had not come in)"
print("\(frames) frames, \(skipped) skipped; frames drawn while the fetch was out: \(during)")
