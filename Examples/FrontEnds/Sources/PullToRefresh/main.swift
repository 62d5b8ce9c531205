#if canImport(Glibc)
    import Glibc
#endif

// pull-to-refresh: a list's header pulled down on a Wayland window, paced by one display link (or,
// with --naive, redrawn per input event); with --inject-fifo, plays a scripted pointer and touch
// drag through an input injector (weston's or mutter's) and checks the frames: exit 0 only if every
// check passed, 1 on a failed check or error, 2 on a bad command line.

/// The exit status for a command line that was not understood.
let badUsage: Int32 = 2

let options: Options
let fifo: InjectorFIFO?
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    fifo = try options.injectFIFO.map { path throws(InjectorFIFO.Failure) in try InjectorFIFO(path: path) }
} catch {
    printToStandardError("pull-to-refresh: \(error)\n\(Options.usage)")
    exit(badUsage)
}

do {
    let status =
        options.naive
        ? try NaiveRun(options: options, fifo: fifo).run()
        : try await LinkRun(options: options, fifo: fifo).run()
    exit(status)
} catch {
    printToStandardError("pull-to-refresh: \(error)")
    exit(1)
}
