/// gtk-clock's command line: `gtk-clock [--duration SECONDS] [--fetch-at SECONDS]`.
struct Options: Sendable {
    /// How long to run before quitting, with a report; nil runs until the window is closed.
    var duration: Double?
    /// When to press the fetch button by itself (a test's click); nil waits for a person.
    var fetchAt: Double?

    /// A bad command line: what was wrong.
    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    static let usage = "usage: gtk-clock [--duration SECONDS] [--fetch-at SECONDS]"

    init(arguments: [String]) throws(Invalid) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard flag == "--duration" || flag == "--fetch-at" else {
                throw Invalid(description: "unknown option '\(flag)'; \(Self.usage)")
            }
            guard let text = rest.popFirst(), let value = Double(text), value.isFinite, value > 0 else {
                throw Invalid(description: "\(flag) needs a positive number of seconds; \(Self.usage)")
            }
            if flag == "--duration" { duration = value } else { fetchAt = value }
        }
        if let fetchAt, let duration, fetchAt >= duration {
            throw Invalid(description: "--fetch-at must come before the end of --duration")
        }
    }
}
