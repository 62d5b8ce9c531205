import ArgumentParser
import Dispatch
import Foundation

/// frame-bench's entry: `--main-loop` runs on the main thread, which it hands to a GLib main loop, and
/// `--gpu`, `--x11` and `--drag` on the main thread too (their waits block); every other mode runs as an async command on the
/// main actor, the main queue drained by `dispatchMain` as an async `main` would.
@main
enum FrameBenchMain {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.contains("--main-loop") || arguments.contains("--gpu") || arguments.contains("--x11")
            || arguments.contains("--drag")
        {
            do {
                guard let bench = try FrameBench.parseAsRoot() as? FrameBench else {
                    throw ValidationError(
                        "--main-loop, --gpu, --x11 and --drag are options of frame-bench itself")
                }
                if bench.gpu {
                    try GPUBench(bench).run()
                } else if bench.x11 {
                    try X11Bench(bench).run()
                } else if bench.drag {
                    try DragBench(bench).run()
                } else {
                    try MainLoopBench(bench).run()
                }
                exit(0)
            } catch {
                FrameBench.exit(withError: error)
            }
        }
        Task { @MainActor in
            await FrameBench.main()
            exit(0)
        }
        dispatchMain()
    }
}
