internal import CCairo

/// Cairo's description of a status code.
func describe(_ status: cairo_status_t) -> String {
    guard let text = cairo_status_to_string(status) else { return "cairo status \(status.rawValue)" }
    return String(cString: text)
}
