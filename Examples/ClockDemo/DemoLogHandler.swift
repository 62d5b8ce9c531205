import Logging

/// clock-demo's log: standard error from notice level up, less the display link's own stall
/// warnings — the demo prints those reports itself, with the whole stack (``StallPrinter``).
struct DemoLogHandler: LogHandler {
    private var base: StreamLogHandler

    init(label: String) {
        base = StreamLogHandler.standardError(label: label)
        base.logLevel = .notice
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }

    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }

    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }

    func log(event: LogEvent) {
        if event.level == .warning, event.message.description.hasPrefix("frame thread stall") { return }
        base.log(event: event)
    }
}
