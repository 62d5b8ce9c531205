import Foundation

/// Runs one of the package's executables from the build folder the tests run from.
struct ExecutableRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The build folder (`.build/debug` or the like), found from the test bundle's own path.
    static var buildFolder: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/"
            && !FileManager.default.fileExists(atPath: url.appendingPathComponent("frame-bench").path)
        {
            url.deleteLastPathComponent()
        }
        return url
    }

    /// Runs `name` with `arguments`, with no standard input, and waits at most `timeout` seconds.
    /// Its standard output is read from the start, or only after `readingAfter` seconds (a stalled
    /// reader). `environment` replaces the test's environment when given.
    static func run(
        _ name: String, _ arguments: [String], timeout: TimeInterval = 60,
        readingAfter delay: TimeInterval = 0, environment: [String: String]? = nil
    ) throws -> Result {
        try run(
            buildFolder.appendingPathComponent(name), arguments, timeout: timeout, readingAfter: delay,
            environment: environment)
    }

    /// Runs the executable at `url` with `arguments`, with no standard input, and waits at most
    /// `timeout` seconds; standard output is read as ``run(_:_:timeout:readingAfter:environment:)-(String,_,_,_,_)``
    /// says, and `environment` replaces the test's when given.
    static func run(
        _ url: URL, _ arguments: [String], timeout: TimeInterval, readingAfter delay: TimeInterval = 0,
        environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        // Read while waiting so that a full pipe cannot stall the child.
        let outData = DataReader(output.fileHandleForReading, after: delay)
        let errData = DataReader(error.fileHandleForReading)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            // A child of Process starts with most signals blocked, SIGTERM too: then SIGKILL.
            let grace = Date().addingTimeInterval(2)
            while process.isRunning && Date() < grace { Thread.sleep(forTimeInterval: 0.01) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return Result(
                status: -1, standardOutput: outData.text, standardError: "timed out\n" + errData.text)
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: outData.text, standardError: errData.text)
    }
}

/// Collects a pipe's bytes on a background thread.
final class DataReader: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, after delay: TimeInterval = 0) {
        Thread {
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                self.lock.withLock { self.data.append(chunk) }
            }
            self.done.signal()
        }.start()
    }

    /// What has been read so far (the pipe may still be open).
    var currentText: String {
        lock.withLock { String(decoding: data, as: UTF8.self) }
    }

    /// Everything, once the pipe is closed (waits for that).
    var text: String {
        done.wait()
        done.signal()
        return lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
