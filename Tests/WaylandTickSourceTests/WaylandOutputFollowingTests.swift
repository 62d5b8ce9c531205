import Testing

@testable import FrameClock
@testable import Wayland

/// How the Wayland source follows the output its frames are shown on, on made-up outputs and
/// presentations (no compositor).
@Suite("WaylandOutputFollowing: the output the frames are shown on")
struct WaylandOutputFollowingTests {
    /// A 60 Hz output (16 666 666 ns), global name 10.
    static let sixty = output(globalName: 10, name: "left", millihertz: 60_000)
    /// A 144 Hz output (6 944 444 ns), global name 11.
    static let fast = output(globalName: 11, name: "right", millihertz: 144_000)
    /// An output that names no refresh.
    static let unknownRate = output(globalName: 12, name: nil, millihertz: 0)

    static func output(globalName: UInt32, name: String?, millihertz: Int32) -> WaylandOutput {
        WaylandOutput(
            globalName: globalName, name: name, make: "made", model: "up", scale: 1,
            modes: [
                WaylandOutput.Mode(
                    width: 800, height: 600, refreshMillihertz: millihertz, isCurrent: true, isPreferred: true
                )
            ])
    }

    /// Following `output` at its mode's refresh.
    static func following(_ output: WaylandOutput) -> WaylandOutputFollowing {
        WaylandOutputFollowing(
            presentedOn: output.globalName, refreshInterval: 0, entered: [], outputs: [output])
    }

    @Test("two intervals name the same rate within half a percent; zero names none")
    func sameRefresh() {
        #expect(WaylandOutputFollowing.sameRefresh(16_666_667, 16_666_666))
        #expect(WaylandOutputFollowing.sameRefresh(16_740_000, 16_666_666))
        #expect(!WaylandOutputFollowing.sameRefresh(16_800_000, 16_666_666))
        #expect(!WaylandOutputFollowing.sameRefresh(6_944_444, 16_666_666))
        #expect(WaylandOutputFollowing.sameRefresh(0, 16_666_666))
        #expect(WaylandOutputFollowing.sameRefresh(0, nil))
        #expect(!WaylandOutputFollowing.sameRefresh(16_666_666, nil))
    }

    @Test("an output shown at a presentation's refresh keeps its mode's rate when the two agree")
    func shownOutputRate() throws {
        let agreeing = try #require(
            WaylandOutputFollowing.shownOutput(Self.sixty, refreshInterval: 16_700_000))
        #expect(
            agreeing
                == .init(id: 10, info: .init(name: "left", refreshMillihertz: 60_000), interval: 16_700_000))
        let other = try #require(WaylandOutputFollowing.shownOutput(Self.sixty, refreshInterval: 17_000_000))
        #expect(other.info.refreshMillihertz == 58_824)
        let mode = try #require(WaylandOutputFollowing.shownOutput(Self.fast, refreshInterval: 0))
        #expect(
            mode == .init(id: 11, info: .init(name: "right", refreshMillihertz: 144_000), interval: 6_944_444)
        )
        #expect(WaylandOutputFollowing.shownOutput(Self.unknownRate, refreshInterval: 0) == nil)
        #expect(WaylandOutputFollowing.fastest([Self.unknownRate, Self.sixty, Self.fast]) == Self.fast)
        #expect(WaylandOutputFollowing.fastest([Self.unknownRate]) == nil)
    }

    @Test("before any presentation: the output one named, else the fastest entered, else the only one")
    func initialOutput() {
        let outputs = [Self.sixty, Self.fast]
        let named = WaylandOutputFollowing(
            presentedOn: 10, refreshInterval: 16_666_667, entered: [Self.fast], outputs: outputs)
        #expect(named.current?.id == 10)
        #expect(named.current?.interval == 16_666_667)
        let entered = WaylandOutputFollowing(
            presentedOn: nil, refreshInterval: 0, entered: [Self.sixty, Self.fast], outputs: outputs)
        #expect(entered.current?.id == 11)
        let only = WaylandOutputFollowing(
            presentedOn: nil, refreshInterval: 0, entered: [], outputs: [Self.sixty])
        #expect(only.current?.id == 10)
        let unknown = WaylandOutputFollowing(
            presentedOn: 99, refreshInterval: 0, entered: [], outputs: outputs)
        #expect(unknown.current == nil)
        #expect(unknown.leftInterval == 0)
    }

    @Test(
        "a presentation on another output, or at another refresh, is a move; on the same one at its rate is not"
    )
    func movesOnPresentations() throws {
        let following = Self.following(Self.sixty)
        var lookedUp = 0
        func outputs() -> [WaylandOutput] {
            lookedUp += 1
            return [Self.sixty, Self.fast]
        }
        #expect(following.move(presentedOn: 10, refreshInterval: 16_666_667, outputs: outputs()) == nil)
        #expect(following.move(presentedOn: nil, refreshInterval: 16_666_667, outputs: outputs()) == nil)
        #expect(following.move(presentedOn: nil, refreshInterval: 0, outputs: outputs()) == nil)
        // The outputs are looked up only for a presentation that names another output or refresh.
        #expect(lookedUp == 0)
        let moved = try #require(
            following.move(presentedOn: 11, refreshInterval: 6_944_445, outputs: outputs()))
        #expect(
            moved
                == .init(id: 11, info: .init(name: "right", refreshMillihertz: 144_000), interval: 6_944_445))
        #expect(lookedUp == 1)
        // The same output in another mode, named or not.
        let named = try #require(
            following.move(presentedOn: 10, refreshInterval: 8_333_333, outputs: outputs()))
        #expect(named.id == 10 && named.interval == 8_333_333 && named.info.refreshMillihertz == 120_000)
        let unnamed = try #require(
            following.move(presentedOn: nil, refreshInterval: 8_333_333, outputs: outputs()))
        #expect(
            unnamed
                == .init(id: 10, info: .init(name: "left", refreshMillihertz: 120_000), interval: 8_333_333))
        // An output the compositor never described is not followed.
        #expect(following.move(presentedOn: 99, refreshInterval: 6_944_445, outputs: outputs()) == nil)
    }

    @Test("without feedback, the fastest output entered is followed; a move keeps the interval left")
    func movesOnEnteredOutputsAndRecordsTheIntervalLeft() throws {
        var following = Self.following(Self.sixty)
        #expect(following.move(entered: [Self.sixty]) == nil)
        #expect(following.move(entered: []) == nil)
        let moved = try #require(following.move(entered: [Self.sixty, Self.fast]))
        #expect(moved.id == 11 && moved.interval == 6_944_444)
        following.follow(moved, leavingInterval: 17_120_000)
        #expect(following.current == moved)
        #expect(following.leftInterval == 17_120_000)
        #expect(following.move(entered: [Self.fast]) == nil)
    }
}
