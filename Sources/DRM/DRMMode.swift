internal import CDRM

/// A display mode: the timings a CRTC scans out with (drmModeModeInfo), without C types.
///
/// The refresh interval is exact: `htotal · vtotal / pixel clock` (doubled for double scan,
/// multiplied by `vscan`, halved for interlaced fields), not the rounded ``vrefresh``. For the
/// default vkms mode, 1024x768 with htotal 1344, vtotal 806 and a 65000 kHz clock, that is
/// 16665.6 µs (60.0038 Hz), where ``vrefresh`` says 60.
public struct DRMMode: Hashable, Sendable, CustomStringConvertible {
    /// Pixel clock in kHz.
    public var clockKilohertz: UInt32
    /// Visible width in pixels.
    public var hdisplay: UInt16
    /// Horizontal sync start.
    public var hsyncStart: UInt16
    /// Horizontal sync end.
    public var hsyncEnd: UInt16
    /// Total pixels per line, blanking included.
    public var htotal: UInt16
    /// Horizontal skew.
    public var hskew: UInt16
    /// Visible height in lines.
    public var vdisplay: UInt16
    /// Vertical sync start.
    public var vsyncStart: UInt16
    /// Vertical sync end.
    public var vsyncEnd: UInt16
    /// Total lines per frame, blanking included.
    public var vtotal: UInt16
    /// Vertical scan multiplier (0 or 1: none).
    public var vscan: UInt16
    /// The rounded refresh rate in Hz the kernel reports; use ``refreshInterval`` for timing.
    public var vrefresh: UInt32
    /// DRM_MODE_FLAG_* bits.
    public var flags: UInt32
    /// DRM_MODE_TYPE_* bits.
    public var type: UInt32
    /// The mode's name, for example `"1024x768"`.
    public var name: String

    /// Creates a mode from its timings. `vrefresh` defaults to the rate the timings give, rounded.
    public init(
        name: String, clockKilohertz: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16,
        htotal: UInt16, hskew: UInt16 = 0, vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16,
        vtotal: UInt16, vscan: UInt16 = 0, vrefresh: UInt32? = nil, flags: UInt32 = 0, type: UInt32 = 0
    ) {
        self.name = name
        self.clockKilohertz = clockKilohertz
        self.hdisplay = hdisplay
        self.hsyncStart = hsyncStart
        self.hsyncEnd = hsyncEnd
        self.htotal = htotal
        self.hskew = hskew
        self.vdisplay = vdisplay
        self.vsyncStart = vsyncStart
        self.vsyncEnd = vsyncEnd
        self.vtotal = vtotal
        self.vscan = vscan
        self.flags = flags
        self.type = type
        self.vrefresh = 0
        self.vrefresh = vrefresh ?? UInt32(max(0, refreshRate.rounded()))
    }

    /// Whether the mode is interlaced (two fields per frame; vblanks come per field).
    public var isInterlaced: Bool { flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 }

    /// Whether every line is scanned twice.
    public var isDoubleScan: Bool { flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 }

    /// Whether the mode is the connector's preferred one.
    public var isPreferred: Bool { type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 }

    /// Pixel clocks per refresh: htotal · vtotal, times 2 for double scan and times vscan when above 1.
    public var pixelsPerRefresh: UInt64 {
        var pixels = UInt64(htotal) * UInt64(vtotal)
        if isDoubleScan { pixels *= 2 }
        if vscan > 1 { pixels *= UInt64(vscan) }
        return pixels
    }

    /// The exact interval between vblanks as a fraction of nanoseconds:
    /// `pixelsPerRefresh · 10⁶ / (clock kHz · fields)`, with fields = 2 when interlaced.
    public var refreshInterval: (numeratorNanoseconds: UInt64, denominator: UInt64) {
        (pixelsPerRefresh * 1_000_000, UInt64(clockKilohertz) * (isInterlaced ? 2 : 1))
    }

    /// The interval between vblanks in nanoseconds (0 for a mode without a clock).
    public var refreshIntervalNanoseconds: Double {
        let (numerator, denominator) = refreshInterval
        guard denominator > 0 else { return 0 }
        return Double(numerator) / Double(denominator)
    }

    /// The exact refresh rate in Hz (0 for a mode without timings).
    public var refreshRate: Double {
        let interval = refreshIntervalNanoseconds
        return interval > 0 ? 1e9 / interval : 0
    }

    /// This mode with its pixel clock scaled to `hertz` (`htotal · vtotal · hertz / 1000` kHz,
    /// rounded), the other timings kept, marked user-defined and named like `"1024x768@144"`.
    public func withRefreshRate(_ hertz: Int) -> DRMMode {
        var mode = self
        let fields: UInt64 = isInterlaced ? 2 : 1
        let clock = (pixelsPerRefresh * UInt64(max(hertz, 1)) + 500 * fields) / (1000 * fields)
        mode.clockKilohertz = UInt32(clamping: clock)
        mode.vrefresh = UInt32(max(hertz, 0))
        mode.type = UInt32(DRM_MODE_TYPE_USERDEF)
        mode.name = "\(hdisplay)x\(vdisplay)@\(hertz)"
        return mode
    }

    /// `"1024x768 60.0038 Hz (htotal 1344, vtotal 806, 65000 kHz)"`.
    public var description: String {
        let rate = (refreshRate * 10_000).rounded() / 10_000
        return "\(name) \(rate) Hz (htotal \(htotal), vtotal \(vtotal), \(clockKilohertz) kHz)"
    }
}

extension DRMMode {
    /// Converts libdrm's mode record.
    init(_ info: drmModeModeInfo) {
        var info = info
        let name = withUnsafeBytes(of: &info.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(
            name: name, clockKilohertz: info.clock, hdisplay: info.hdisplay, hsyncStart: info.hsync_start,
            hsyncEnd: info.hsync_end, htotal: info.htotal, hskew: info.hskew, vdisplay: info.vdisplay,
            vsyncStart: info.vsync_start, vsyncEnd: info.vsync_end, vtotal: info.vtotal, vscan: info.vscan,
            vrefresh: info.vrefresh, flags: info.flags, type: info.type)
    }

    /// libdrm's mode record for this mode.
    var modeInfo: drmModeModeInfo {
        var info = drmModeModeInfo()
        info.clock = clockKilohertz
        info.hdisplay = hdisplay
        info.hsync_start = hsyncStart
        info.hsync_end = hsyncEnd
        info.htotal = htotal
        info.hskew = hskew
        info.vdisplay = vdisplay
        info.vsync_start = vsyncStart
        info.vsync_end = vsyncEnd
        info.vtotal = vtotal
        info.vscan = vscan
        info.vrefresh = vrefresh
        info.flags = flags
        info.type = type
        withUnsafeMutableBytes(of: &info.name) { raw in
            let bytes = Array(name.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return info
    }
}
