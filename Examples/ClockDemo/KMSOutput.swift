import Foundation

/// Presenting on a real display through DRM (filled in when the DRM module lands).
final class KMSOutput {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    let width = 0
    let height = 0
    private(set) var flips = 0

    init(devicePath: String?) throws {
        throw Unavailable(description: "KMS output needs the DRM module, which this build does not have yet")
    }

    func present(_ draw: (UnsafeMutableRawPointer, Int, Int, Int) throws -> Void) throws {}

    func close() {}
}
