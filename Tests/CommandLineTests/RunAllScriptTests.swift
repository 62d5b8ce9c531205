import Foundation
import Testing

/// Tests/run-all.sh, the script CI runs: its header comment names every step it runs, in order, so
/// that a reader learns from the header alone what CI checks.
@Suite("Tests/run-all.sh's header lists its steps")
struct RunAllScriptTests {
    /// The script (this file is Tests/CommandLineTests/RunAllScriptTests.swift).
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("run-all.sh")

    @Test("every `step \"...\"` the script runs is named in its header comment, in the order it runs")
    func headerNamesEveryStep() throws {
        let text = try String(contentsOf: Self.script, encoding: .utf8)
        let script = RunAllScript(text)
        let steps = script.stepNames
        // A parse that finds nothing would pass vacuously: the script has over a dozen steps.
        #expect(steps.count >= 15, "steps found: \(steps)")
        let header = script.header
        var searchFrom = header.startIndex
        for step in steps {
            guard let found = header.range(of: step, range: searchFrom..<header.endIndex) else {
                let earlier = header.range(of: step) != nil
                Issue.record(
                    earlier
                        ? "step \"\(step)\" is named in the header before a step that runs ahead of it"
                        : "step \"\(step)\" is not named in Tests/run-all.sh's header comment")
                continue
            }
            searchFrom = found.upperBound
        }
    }

    @Test(
        "the parse: steps by literal name, beside ones and through a for loop's words; the header's lines joined"
    )
    func parsesAScript() {
        let script = RunAllScript(
            """
            #!/usr/bin/env bash
            # Steps: one, the second
            #   step, and
            #   a/b.sh.
            set -e
            step "one"
            beside "in the background" a_function
            beside --idle "at idle priority" \\
                a_command its_argument
            beside --low "at low priority" a_command
            step "the second step"  # a comment
            for extra in a/b.sh c/d.sh; do
                if [ -f "$extra" ]; then
                    step "$extra"
                fi
            done
            """)
        #expect(
            script.stepNames == [
                "one", "in the background", "at idle priority", "at low priority", "the second step",
                "a/b.sh",
                "c/d.sh",
            ])
        #expect(script.header == "Steps: one, the second step, and a/b.sh.")
    }
}

/// A bash script read for its `step "name"` calls and its header comment.
struct RunAllScript {
    /// The names of the steps (`step "name"`, and `beside [--idle|--low] "name" command` for one run in
    /// the background), in the order they start: a literal name as written; a name that is a
    /// variable (`step "$extra"`) expands to the words of the `for extra in ...; do` loop around it.
    let stepNames: [String]
    /// The comment after the first line (the shebang), up to the first line that is not a comment:
    /// its lines without `#`, joined by single spaces.
    let header: String

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        header = lines.dropFirst().prefix { $0.hasPrefix("#") }
            .map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")

        var loopWords: [String: [String]] = [:]
        var names: [String] = []
        for line in lines {
            // for NAME in WORD...; do
            if line.hasPrefix("for "), let inRange = line.range(of: " in "),
                let doRange = line.range(of: "; do")
            {
                let variable = line[line.index(line.startIndex, offsetBy: 4)..<inRange.lowerBound]
                let words = line[inRange.upperBound..<doRange.lowerBound].split(separator: " ").map(
                    String.init)
                loopWords[String(variable)] = words
                continue
            }
            let calls = ["step \"", "beside \"", "beside --idle \"", "beside --low \""]
            guard let call = calls.first(where: { line.hasPrefix($0) }) else { continue }
            let quoted = line.dropFirst(call.count)
            guard let close = quoted.firstIndex(of: "\"") else { continue }
            let name = String(quoted[..<close])
            if name.hasPrefix("$") {
                let variable = name.dropFirst().trimmingCharacters(in: CharacterSet(charactersIn: "{}"))
                names += loopWords[variable] ?? [name]
            } else {
                names.append(name)
            }
        }
        stepNames = names
    }
}
