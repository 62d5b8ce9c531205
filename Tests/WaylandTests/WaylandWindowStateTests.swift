import Testing

@testable import Wayland

/// A window's state as one value (no compositor): its stages and what each allows.
@Suite("WaylandWindowState: a window's stage and requests as one value")
struct WaylandWindowStateTests {
    @Test("made: waits for a configure; configured: a commit may attach; attached: mapped")
    func firstMapping() {
        var state = WaylandWindowState()
        #expect(state.stage == .awaitingConfigure)
        #expect(state.isAwaitingConfigure && !state.mayAttach && !state.isMapped)
        state.configure()
        #expect(state.stage == .configured)
        #expect(!state.isAwaitingConfigure && state.mayAttach && !state.isMapped)
        state.attach()
        #expect(state.stage == .mapped)
        #expect(state.isMapped && state.mayAttach)
        state.configure()
        #expect(state.stage == .mapped)
    }

    @Test("unmapped: no buffer until remapped, even after a configure; remapped: configured, then mapped")
    func unmapAndRemap() {
        var state = WaylandWindowState()
        state.configure()
        state.attach()
        state.unmap()
        #expect(state.stage == .hidden(configured: false))
        #expect(state.isAwaitingConfigure && !state.mayAttach && !state.isMapped)
        state.configure()
        #expect(state.stage == .hidden(configured: true))
        #expect(!state.isAwaitingConfigure && !state.mayAttach)
        state.remap()
        #expect(state.stage == .configured && state.mayAttach)
        state.attach()
        #expect(state.isMapped)
    }

    @Test("closed from any stage, and nothing moves it on")
    func closed() {
        for prepare in [
            { (_: inout WaylandWindowState) in }, { $0.configure() },
            {
                $0.configure(); $0.attach()
            }, { $0.unmap() },
        ] {
            var state = WaylandWindowState()
            prepare(&state)
            state.close()
            #expect(state.isClosed && !state.isMapped && !state.mayAttach && !state.isAwaitingConfigure)
            state.configure()
            state.attach()
            state.unmap()
            state.remap()
            #expect(state.stage == .closed)
        }
    }

    @Test("a close request and full screen hold in every stage until changed")
    func requestsAcrossStages() {
        var state = WaylandWindowState()
        state.requestClose()
        state.isFullscreen = true
        state.configure()
        state.attach()
        state.unmap()
        #expect(state.isCloseRequested && state.isFullscreen)
        state.isFullscreen = false
        state.close()
        #expect(state.isCloseRequested && !state.isFullscreen)
    }
}
