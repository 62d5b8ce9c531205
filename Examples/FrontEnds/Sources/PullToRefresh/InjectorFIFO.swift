#if canImport(Glibc)
    import Glibc
#endif

/// The input injector's command FIFO (weston's module or mutter's D-Bus bridge, both in
/// `Tests/Input`), open for writing: one command a line.
final class InjectorFIFO {
    private let descriptor: Int32

    /// Opens `path`, which must be a FIFO (the injector holds it open, so this never blocks).
    ///
    /// - Throws: ``Failure`` when the path is not a FIFO or cannot be opened.
    init(path: String) throws(Failure) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else {
            throw Failure(description: "--inject-fifo: \(path) is not a FIFO")
        }
        descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(
                description: "--inject-fifo: cannot open \(path) (errno \(errno); is the injector running?)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Why the FIFO cannot be used, in one sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes `command` and a newline (short lines: the write is atomic).
    func send(_ command: String) {
        var line = command + "\n"
        line.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }

    /// Aims the positions of later commands at the topmost surface `width` × `height` pixels big.
    func target(width: Int, height: Int) {
        send("target \(width) \(height)")
    }
}
