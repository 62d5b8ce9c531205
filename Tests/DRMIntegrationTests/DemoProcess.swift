import Foundation

/// Runs one of the package's executables from the build folder the test bundle runs from (the
/// guest runs the bundle from the host's build folder over 9p), capturing both output streams.
enum DemoProcess {
    struct Result {
        /// The exit status; -1 when the process was killed after the timeout.
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The folder holding the test bundle and the executables (`.build/debug` or the like).
    static var buildFolder: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/"
            && !FileManager.default.fileExists(atPath: url.appendingPathComponent("clock-demo").path)
        {
            url.deleteLastPathComponent()
        }
        return url
    }

    /// Runs `name` with `arguments`, without standard input, for at most `timeout` seconds.
    static func run(_ name: String, _ arguments: [String], timeout: TimeInterval = 60) throws -> Result {
        let process = Process()
        process.executableURL = buildFolder.appendingPathComponent(name)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outText = PipeCollector(output.fileHandleForReading)
        let errText = PipeCollector(error.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.interrupt()
            Thread.sleep(forTimeInterval: 2)
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return Result(
                status: -1, standardOutput: outText.text, standardError: "timed out\n" + errText.text)
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: outText.text, standardError: errText.text)
    }
}

/// Collects a pipe's bytes on a background thread, so that a full pipe cannot stall the child.
final class PipeCollector: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            let all = handle.readDataToEndOfFile()
            self.lock.withLock { self.data = all }
            self.done.signal()
        }.start()
    }

    /// Everything read, once the writer has closed the pipe.
    var text: String {
        done.wait()
        done.signal()
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
