import Foundation
import FrameClock
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The folder `--output` writes frames into: made if needed, and checked to take files, with the
/// system's reason when it cannot (Foundation's own reads "The operation could not be completed").
enum OutputDirectory {
    /// Creates `path` and its missing parents, and checks that a file can be written in it.
    ///
    /// - Throws: ``CommandLineError`` naming the folder that could not be made or written in, and
    ///   the errno's message and name, for example `--output /proc/x cannot be written: cannot make
    ///   /proc/x: No such file or directory (ENOENT)`.
    static func writable(_ path: String) throws -> URL {
        do throws(Failure) {
            try makeFolders(path)
            try probe(path)
        } catch {
            throw CommandLineError(
                "--output \(path) cannot be written: \(error.what) \(error.path): \(error.reason)")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// A call that failed on one path.
    private struct Failure: Error {
        let what: String
        let path: String
        let errno: Errno

        var reason: String { "\(errno) (\(SystemCallError(call: what, errno: errno).errnoName))" }
    }

    /// `mkdir -p`: each missing folder from the root down.
    private static func makeFolders(_ path: String) throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && Glibc.errno != EEXIST {
                throw Failure(what: "cannot make", path: current, errno: Errno(rawValue: Glibc.errno))
            }
        }
    }

    /// Writes and removes an empty file in `folder`.
    private static func probe(_ folder: String) throws(Failure) {
        let file = folder + "/.clock-demo-write-test"
        let descriptor = open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(what: "cannot write in", path: folder, errno: Errno(rawValue: Glibc.errno))
        }
        close(descriptor)
        unlink(file)
    }
}
