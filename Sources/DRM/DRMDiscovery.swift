internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A device and one of its lit CRTCs: what a vblank-driven clock needs.
public struct DRMDisplay: Sendable {
    /// The open device.
    public var device: DRMDevice
    /// The lit CRTC chosen.
    public var crtc: DRMCRTC

    /// Creates a device/CRTC pair.
    public init(device: DRMDevice, crtc: DRMCRTC) {
        self.device = device
        self.crtc = crtc
    }

    /// Opens `path` (or, when `nil`, each `card*` node under `directory` in numeric order) and
    /// returns the first device with a lit CRTC: the one with id `crtcID` when given, else the
    /// first lit one.
    ///
    /// - Throws: ``DRMDiscoveryError`` saying why no lit CRTC could be reached.
    public static func open(
        path: String? = nil, crtcID: UInt32? = nil, directory: String = "/dev/dri"
    ) throws(DRMDiscoveryError) -> DRMDisplay {
        let paths: [String]
        if let path {
            paths = [path]
        } else {
            paths = try cardPaths(in: directory)
        }
        var failures: [DRMError] = []
        var unlit: [String] = []
        for candidate in paths {
            let device: DRMDevice
            do {
                device = try DRMDevice(path: candidate)
            } catch {
                failures.append(error)
                continue
            }
            do {
                if let crtcID {
                    let crtc = try device.crtc(id: crtcID)
                    if crtc.isLit { return DRMDisplay(device: device, crtc: crtc) }
                    unlit.append("\(candidate) CRTC \(crtcID)")
                } else if let crtc = try device.firstLitCRTC() {
                    return DRMDisplay(device: device, crtc: crtc)
                } else {
                    unlit.append(candidate)
                }
            } catch {
                failures.append(error)
            }
            device.close()
        }
        if !unlit.isEmpty || failures.isEmpty { throw .noLitCRTC(checked: unlit, failures: failures) }
        throw .openFailed(failures)
    }

    /// The `card*` nodes in `directory`, in numeric order.
    public static func cardPaths(in directory: String) throws(DRMDiscoveryError) -> [String] {
        let opened = SystemCall.pointerOrErrno { opendir(directory) }
        guard case .success(let dir) = opened else {
            throw .noDirectory(path: directory, errno: opened.failure ?? .ioError)
        }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("card"), let number = Int(name.dropFirst(4)) { numbers.append(number) }
        }
        guard !numbers.isEmpty else { throw .noCards(directory: directory) }
        return numbers.sorted().map { "\(directory)/card\($0)" }
    }
}

/// Why ``DRMDisplay/open(path:crtcID:directory:)`` found no lit CRTC. Its description is the
/// reason a display link gives for falling back to a timer.
public enum DRMDiscoveryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The directory of device nodes cannot be read (it does not exist: no DRM driver is loaded).
    case noDirectory(path: String, errno: Errno)
    /// The directory holds no `card*` node.
    case noCards(directory: String)
    /// Every device failed to open or to answer (for example `EACCES` for a non-root user).
    case openFailed([DRMError])
    /// The devices opened, but none had a lit CRTC (the one asked for, or any).
    case noLitCRTC(checked: [String], failures: [DRMError])

    /// The errno behind the failure, when one call's failure explains it.
    public var errno: Errno? {
        switch self {
        case .noDirectory(_, let code): code
        case .noCards: nil
        case .openFailed(let failures): failures.first?.errno
        case .noLitCRTC: nil
        }
    }

    /// For example `"no DRM device: /dev/dri does not exist"`, `"no lit CRTC"` or
    /// `"permission denied opening /dev/dri/card0 (EACCES)"`.
    public var description: String {
        switch self {
        case .noDirectory(let path, let code):
            if code == .noSuchFileOrDirectory { return "no DRM device: \(path) does not exist" }
            let error = DRMError(call: "opendir", errno: code, detail: path)
            return "no DRM device: cannot read \(path) (\(error.errnoName))"
        case .noCards(let directory):
            return "no DRM device: no card* node in \(directory)"
        case .openFailed(let failures):
            return failures.map(Self.sentence).joined(separator: "; ")
        case .noLitCRTC(let checked, let failures):
            var text = "no lit CRTC"
            if !checked.isEmpty { text += " (checked \(checked.joined(separator: ", ")))" }
            if !failures.isEmpty { text += "; " + failures.map(Self.sentence).joined(separator: "; ") }
            return text
        }
    }

    private static func sentence(_ error: DRMError) -> String {
        let path = error.detail ?? "the device"
        switch (error.call, error.errno) {
        case ("open", .permissionDenied), ("open", .notPermitted):
            return "permission denied opening \(path) (\(error.errnoName))"
        case ("open", .noSuchFileOrDirectory):
            return "no DRM device: \(path) does not exist (ENOENT)"
        case ("DRM_IOCTL_VERSION", .inappropriateIOCTLForDevice):
            return "\(path) is not a DRM device (ENOTTY)"
        default:
            return "\(error)"
        }
    }
}
