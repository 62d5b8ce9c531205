import Foundation
import SystemCalls
import Testing
import WestonFixture

@testable import Wayland

@Suite("Presentation timestamps converted to CLOCK_MONOTONIC")
struct PresentationClockConverterTests {
    @Test("a CLOCK_MONOTONIC compositor's timestamps are taken as they are, with no error")
    func monotonicIsIdentity() throws {
        let converter = PresentationClockConverter(clockID: CLOCK_MONOTONIC)
        let conversion = try #require(converter.convert(123_456_789))
        #expect(conversion == .init(monotonic: 123_456_789, errorBound: 0))
    }

    @Test(
        "CLOCK_MONOTONIC_RAW now converts to a monotonic instant between two reads around it, within the bound"
    )
    func rawNowLiesBetweenReads() throws {
        let converter = PresentationClockConverter(clockID: CLOCK_MONOTONIC_RAW)
        for _ in 0..<1_000 {
            let before = monotonicNow()
            let raw = monotonicRawNow()
            let after = monotonicNow()
            let conversion = try #require(converter.convert(raw))
            #expect(conversion.monotonic + conversion.errorBound >= before)
            #expect(conversion.monotonic - conversion.errorBound <= after)
            // Half a window of three clock reads, plus 500 ppm of a few microseconds: microseconds
            // as a rule, but a thread preempted between the reads (a loaded machine, the thread
            // sanitizer) widens the window by as long as it waited, so only a bound that says
            // something is asserted; the two checks above are the behaviour.
            #expect(conversion.errorBound > 0 && conversion.errorBound < 1_000_000_000)
        }
    }

    @Test("the bound grows by 500 ppm of the timestamp's age")
    func boundGrowsWithAge() throws {
        let converter = PresentationClockConverter(clockID: CLOCK_MONOTONIC_RAW)
        let now = try #require(converter.convert(monotonicRawNow()))
        let secondAgo = try #require(converter.convert(monotonicRawNow() - 1_000_000_000))
        #expect(secondAgo.errorBound >= 500_000)
        #expect(secondAgo.errorBound - now.errorBound >= 490_000)
    }

    @Test("a clock this process cannot read converts nothing")
    func unreadableClock() {
        let converter = PresentationClockConverter(clockID: 1234)
        #expect(!converter.canReadClock)
        #expect(converter.convert(1) == nil)
    }
}
