import Foundation

/// A weston headless with the input injector module of `Tests/Input/weston-input-injector.c`: a seat
/// with a pointer and a touch screen, fed by the commands written to a FIFO (each with its time on
/// `CLOCK_MONOTONIC`). The module is compiled with `cc` for each injector, into weston's runtime
/// directory.
public final class WestonInputInjector {
    /// The compositor.
    public let weston: WestonServer
    private let fifo: FileHandle
    private let directory: String

    /// The module's source, beside this package's tests.
    static let moduleSource = FixtureSupport.testsPath("Input/weston-input-injector.c")

    /// Builds the module, makes the FIFO and starts weston with both.
    public init(repaintWindow: Int = 16) throws {
        directory = try FixtureSupport.makeRuntimeDirectory(prefix: "frameclock-injector")
        let module = directory + "/weston-input-injector.so"
        let fifoPath = directory + "/input"
        try Self.compile(Self.moduleSource, to: module)
        guard mkfifo(fifoPath, 0o600) == 0 else {
            throw WestonServer.StartFailure(description: "mkfifo \(fifoPath): errno \(errno)")
        }
        weston = try WestonServer(
            repaintWindow: repaintWindow, modules: [module], environment: ["FRAMECLOCK_INPUT_FIFO": fifoPath])
        guard let handle = FileHandle(forWritingAtPath: fifoPath) else {
            throw WestonServer.StartFailure(description: "cannot open \(fifoPath) for writing")
        }
        fifo = handle
    }

    deinit {
        try? fifo.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Sends one command line (see the module's source for the commands).
    public func send(_ command: String) {
        fifo.write(Data((command + "\n").utf8))
    }

    /// Aims the positions of later commands at the topmost surface `width` × `height` pixels big.
    public func target(width: Int, height: Int) {
        send("target \(width) \(height)")
    }

    /// `cc -shared -fPIC` with libweston's flags from pkg-config.
    private static func compile(_ source: String, to output: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            "cc -shared -fPIC -o '\(output)' '\(source)' $(pkg-config --cflags --libs libweston-10 wayland-server)",
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw WestonServer.StartFailure(
                description:
                    "the weston input injector did not build (apt-get install libweston-10-dev):\n\(text)")
        }
    }
}
