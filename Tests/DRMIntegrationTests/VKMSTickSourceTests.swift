import DRM
import SystemPackage
import Testing

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

extension VKMSRoot {
    /// The DRM tick source itself, on both kernel interfaces.
    @Suite("VKMS tick source")
    struct VKMSTickSourceTests {
        @Test(
            "ticks follow the kernel's vblanks on drmCrtcQueueSequence and on the drmWaitVBlank fallback",
            arguments: [true, false])
        func ticks(sequenceEvents: Bool) throws {
            let fixture = try VKMSFixture()
            let mode = try fixture.light()
            let interval = mode.refreshIntervalNanoseconds
            // A gap is the guest's when the tick after it was asked for only once the vblank it
            // wanted had passed (a vCPU stalled), or when vkms's own timer overran; any other gap
            // fails. A run without gaps is expected where the host lets the guest keep time.
            var cleanRuns = 0
            for attempt in 1...3 where cleanRuns == 0 {
                let kernelLog = try KernelLogWatch()
                let display = try DRMDisplay.open()
                let control = try ControlChannel()
                let source = try DRMTickSource(
                    display: display, control: control, preferSequenceEvents: sequenceEvents)
                defer { source.close() }
                #expect(source.description.contains(sequenceEvents ? "Hz" : "drmWaitVBlank"))
                #expect(source.grid.period.nanoseconds == mode.refreshIntervalNanoseconds)
                var ticks: [Tick] = []
                var askedAt: [Int64] = []
                var next = source.grid.anchorSequence + 1
                while ticks.count < 60 {
                    let asked = monotonicNanoseconds()
                    let tick = try #require(try source.waitForTick(atOrAfter: next))
                    #expect(tick.sequence >= next)
                    ticks.append(tick)
                    askedAt.append(asked)
                    next = tick.sequence + 1
                }
                let overruns = kernelLog.count(containing: vkmsOverrunMessage)
                var gapsInTime = 0
                for index in ticks.indices.dropFirst()
                where ticks[index].sequence > ticks[index - 1].sequence + 1 {
                    if Double(askedAt[index]) <= Double(ticks[index - 1].timestamp) + interval {
                        gapsInTime += 1
                    }
                }
                #expect(
                    gapsInTime <= overruns,
                    "\(gapsInTime) gaps although the tick was asked for in time, but only \(overruns) vkms overruns"
                )
                var counter = DRMSequenceGapCounter()
                for tick in ticks { counter.record(UInt64(tick.sequence)) }
                // µs timestamps from drmWaitVBlank, ns from drmCrtcQueueSequence.
                let tolerance = sequenceEvents ? 1.0 : 1_000.0
                for (a, b) in zip(ticks, ticks.dropFirst()) where b.sequence == a.sequence + 1 {
                    #expect(
                        abs(Double(b.timestamp - a.timestamp) - mode.refreshIntervalNanoseconds) <= tolerance)
                }
                for tick in ticks {
                    #expect(tick.grid.anchorSequence == tick.sequence)
                    #expect(tick.wokeAt >= tick.timestamp)
                }
                print(
                    "VKMS tick source (\(sequenceEvents ? "queue sequence" : "wait vblank")), run \(attempt): gaps \(counter.missed) "
                        + "(\(gapsInTime) asked for in time; vkms timer overruns \(overruns))")
                if counter.missed == 0 { cleanRuns += 1 }

                // The control channel interrupts a wait; no tick wanted means waiting for it alone.
                control.signal()
                #expect(try source.waitForTick(atOrAfter: next + 600) == nil)
                control.signal()
                #expect(try source.waitForTick(atOrAfter: nil) == nil)
                // A tick already passed is reported at once: the latest vblank.
                let late = try #require(try source.waitForTick(atOrAfter: next - 5))
                #expect(late.sequence >= next - 1)
            }
            if cleanRuns == 0 {
                print(
                    "VKMS tick source: no run without a gap in 3 tries; every gap came from the guest's stalls"
                )
            }
        }

        @Test("turning the CRTC off makes the source throw with EINVAL and keep its last grid")
        func turnedOff() throws {
            let fixture = try VKMSFixture()
            try fixture.light()
            let display = try DRMDisplay.open()
            let control = try ControlChannel()
            let source = try DRMTickSource(display: display, control: control)
            defer { source.close() }
            let tick = try #require(try source.waitForTick(atOrAfter: source.grid.anchorSequence + 1))
            try fixture.turnOff()
            let failure = #expect(throws: TickSourceFailure.self) {
                _ = try source.waitForTick(atOrAfter: tick.sequence + 1)
            }
            #expect(failure?.errno == Errno(rawValue: EINVAL))
            #expect(failure?.reason.description.hasPrefix("CRTC \(fixture.crtcID) turned off") == true)
            #expect(source.grid.anchorSequence >= tick.sequence)
            #expect(source.grid.period == tick.grid.period)
        }
    }
}
