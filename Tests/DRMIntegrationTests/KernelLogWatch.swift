#if canImport(Glibc)
    import Glibc
#endif

/// Counts the kernel log records written after it was made that contain a phrase — here vkms's
/// "vblank timer overrun", printed each time its vblank hrtimer fired a whole interval late (a
/// vCPU stalled under emulation). Such an overrun advances the kernel's vblank counter by more than
/// one, so a sequence gap that no program could have avoided is visible from inside the guest.
struct KernelLogWatch: ~Copyable {
    private let descriptor: Int32

    /// Starts watching /dev/kmsg from its current end (root only).
    init() throws(WatchError) {
        descriptor = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw WatchError(errno: errno) }
        lseek(descriptor, 0, SEEK_END)
    }

    deinit { close(descriptor) }

    /// The number of records since the watch began, or since the last call, that contain `phrase`.
    func count(containing phrase: String) -> Int {
        var count = 0
        var record = [UInt8](repeating: 0, count: 8192)
        while true {
            let length = record.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if length < 0 {
                // EPIPE: records were overwritten before they were read; the read after it goes on.
                if errno == EPIPE || errno == EINTR { continue }
                return count  // EAGAIN: nothing more.
            }
            if length == 0 { return count }
            if String(decoding: record[..<length], as: UTF8.self).contains(phrase) { count += 1 }
        }
    }

    /// /dev/kmsg could not be opened.
    struct WatchError: Error, CustomStringConvertible {
        var errno: Int32
        var description: String { "cannot open /dev/kmsg: \(String(cString: strerror(errno)))" }
    }
}

/// vkms's message for a vblank timer that fired more than one interval late.
let vkmsOverrunMessage = "vblank timer overrun"
