// gtk-clock: FrameClock in a GTK 4 program. The ring turns on GTK's own frame clock; the fetch
// button blocks a thread of its own for 2 s and its result comes back to the main actor. With
// --duration it quits and reports: frames, skips while the fetch was out, where the result was
// applied, and how well FrameClock and GTK predicted each frame's presentation.
import Glibc

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    let message = "gtk-clock: \(error)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
let app = GTKClockApp(options: options)
GTKClockApp.shared = app
let status = app.run()
if options.duration != nil { exit(app.report()) }
exit(status)
