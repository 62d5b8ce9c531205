/// gtk-clock's command line: `gtk-clock [--duration SECONDS] [--fetch-at SECONDS] [--destroy-at SECONDS]
/// [--no-prediction-check] [--timeline PATH]`.
struct Options: Sendable {
    /// How long to run before quitting, with a report; nil runs until the window is closed.
    var duration: Double?
    /// When to press the fetch button by itself (a test's click); nil waits for a person.
    var fetchAt: Double?
    /// When to destroy the ring's drawing area while its link runs (a test of the widget's end).
    var destroyAt: Double?
    /// Whether the report checks FrameClock's presentation prediction against GTK's, or only prints
    /// both (a compositor that presents off any grid, as mutter headless under load).
    var checksPrediction = true
    /// Where the link's timeline is written when the run ends, as Chrome trace-event JSON (each
    /// frame's target and presentation); nil: nowhere.
    var timelinePath: String?

    /// A bad command line: what was wrong.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    static let usage =
        "usage: gtk-clock [--duration SECONDS] [--fetch-at SECONDS] [--destroy-at SECONDS] [--no-prediction-check] "
        + "[--timeline PATH]"

    init(arguments: [String]) throws(Invalid) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--no-prediction-check" {
                checksPrediction = false
                continue
            }
            if flag == "--timeline" {
                guard let path = rest.popFirst(), !path.isEmpty else {
                    throw Invalid(description: "--timeline needs a file's path; \(Self.usage)")
                }
                timelinePath = path
                continue
            }
            guard ["--duration", "--fetch-at", "--destroy-at"].contains(flag) else {
                throw Invalid(description: "unknown option '\(flag)'; \(Self.usage)")
            }
            guard let text = rest.popFirst(), let value = Double(text), value.isFinite, value > 0 else {
                throw Invalid(description: "\(flag) needs a positive number of seconds; \(Self.usage)")
            }
            switch flag {
            case "--duration": duration = value
            case "--fetch-at": fetchAt = value
            default: destroyAt = value
            }
        }
        for (name, moment) in [("--fetch-at", fetchAt), ("--destroy-at", destroyAt)] {
            if let moment, let duration, moment >= duration {
                throw Invalid(description: "\(name) must come before the end of --duration")
            }
        }
    }
}
