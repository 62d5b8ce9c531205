import Foundation
import Wayland

/// A window's shared-memory mapping, found from the pixels of one of its buffers, and whether the
/// process still maps it.
///
/// The check looks up `/proc/self/map_files/START-END` (a lookup, unlike a read of /proc/self/maps,
/// which runs in page-sized pieces and can miss lines while other threads map memory).
struct SharedMemoryMapping: CustomStringConvertible {
    let start: UInt
    let end: UInt

    /// The mapping holding both buffers of the window `pixels` belongs to.
    init(of pixels: WaylandPixels) {
        let bufferSize = pixels.stride * pixels.height
        start = UInt(bitPattern: pixels.baseAddress - pixels.bufferIndex * bufferSize)
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        end = (start + UInt(2 * bufferSize) + page - 1) / page * page
    }

    /// Whether the range is still a mapping of the windows' memfd.
    var isMapped: Bool {
        let link = "/proc/self/map_files/\(String(start, radix: 16))-\(String(end, radix: 16))"
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link) else {
            return false
        }
        return target.contains("memfd:wayland-window")
    }

    var description: String { "\(String(start, radix: 16))-\(String(end, radix: 16))" }
}
