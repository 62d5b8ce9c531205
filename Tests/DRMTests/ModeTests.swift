import Testing

@testable import DRM

@Suite("DRM modes")
struct ModeTests {
    /// vkms's default mode: 1024x768@60 (VESA DMT).
    static let vkmsDefault = DRMMode(
        name: "1024x768", clockKilohertz: 65_000, hdisplay: 1024, hsyncStart: 1048, hsyncEnd: 1184,
        htotal: 1344,
        vdisplay: 768, vsyncStart: 771, vsyncEnd: 777, vtotal: 806, vrefresh: 60)

    @Test("the refresh interval is htotal·vtotal/clock exactly, not the rounded vrefresh")
    func exactInterval() {
        let mode = Self.vkmsDefault
        #expect(mode.refreshInterval.numeratorNanoseconds == 1344 * 806 * 1_000_000)
        #expect(mode.refreshInterval.denominator == 65_000)
        #expect(mode.refreshIntervalNanoseconds == 16_665_600)
        #expect(abs(mode.refreshRate - 60.0038) < 0.0001)
        #expect(mode.vrefresh == 60)
    }

    @Test("user-defined rates scale the pixel clock", arguments: [30, 120, 144, 240])
    func scaled(hertz: Int) {
        let mode = Self.vkmsDefault.withRefreshRate(hertz)
        #expect(mode.htotal == 1344 && mode.vtotal == 806)
        #expect(mode.clockKilohertz == UInt32((1344 * 806 * hertz + 500) / 1000))
        #expect(abs(mode.refreshRate - Double(hertz)) < 0.002)
        #expect(mode.name == "1024x768@\(hertz)")
        #expect(mode.vrefresh == UInt32(hertz))
    }

    @Test("libdrm's mode record round-trips")
    func roundTrip() {
        let mode = Self.vkmsDefault.withRefreshRate(144)
        #expect(DRMMode(mode.modeInfo) == mode)
    }

    @Test("interlaced and double-scan modes")
    func flags() {
        var mode = Self.vkmsDefault
        mode.flags = 1 << 4
        #expect(mode.isInterlaced)
        #expect(mode.refreshIntervalNanoseconds == 16_665_600 / 2)
        mode.flags = 1 << 5
        #expect(mode.isDoubleScan)
        #expect(mode.refreshIntervalNanoseconds == 16_665_600 * 2)
    }
}
