/// Stops the run with a message when an invariant is broken: libFuzzer reports the trap.
func invariant(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if !condition { fatalError("invariant broken: \(message())", file: file, line: line) }
}
