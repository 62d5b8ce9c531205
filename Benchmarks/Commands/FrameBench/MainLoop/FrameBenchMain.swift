import ArgumentParser
import Dispatch
import Foundation

/// frame-bench's entry: `--main-loop` runs on the main thread, which it hands to a GLib main loop;
/// every other mode runs as an async command on the main actor, the main queue drained by
/// `dispatchMain` as an async `main` would.
@main
enum FrameBenchMain {
    static func main() {
        if CommandLine.arguments.dropFirst().contains("--main-loop") {
            do {
                guard let bench = try FrameBench.parseAsRoot() as? FrameBench else {
                    throw ValidationError("--main-loop is an option of frame-bench itself")
                }
                try MainLoopBench(bench).run()
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
