import Testing
import X11

/// The X11 errors' sentences say what is known, and no more.
@Suite("X11 error messages")
struct X11ErrorMessageTests {
    @Test("A window that does not exist: said neutrally (the XID may never have existed)")
    func noSuchWindow() {
        let text = X11Error.noSuchWindow(0x20_0001).description
        #expect(text == "the X window 0x200001 does not exist on the server")
        #expect(!text.contains("destroyed"))
    }
}
