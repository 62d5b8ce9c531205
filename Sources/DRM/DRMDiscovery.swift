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
