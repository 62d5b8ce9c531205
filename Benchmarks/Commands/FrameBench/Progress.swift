import Foundation

/// A one-line progress bar on standard error.
struct ProgressBar {
    let total: Int
    private(set) var done = 0
    private let isTerminal = isatty(STDERR_FILENO) != 0

    init(total: Int) { self.total = total }

    mutating func advance(label: String) {
        done += 1
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = "[\(bar)] \(done)/\(total) \(label)"
        if isTerminal {
            FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8))
            if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
        } else {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
    }

    func announce(_ text: String) {
        FileHandle.standardError.write(Data("\(text)\n".utf8))
    }
}
