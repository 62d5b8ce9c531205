internal import CXCB
internal import PthreadLock
internal import SystemCalls
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A small top-level X11 window of the library's own, shown with the Present extension: the front
/// end draws into its back pixmap and presents it (PresentPixmap), as a `WaylandWindow` is drawn and
/// committed.
///
/// ```swift
/// let window = try X11Window(connection: try X11Connection(), title: "clock", width: 320, height: 240)
/// window.fill(0xFF33_6699)
/// try window.present()          // at the MSC its display link asked for, else at the next one
/// ```
///
/// The window is mapped when it is made (the initialiser waits for its MapNotify, which a window
/// manager may delay). Pixmaps are used in turn (three), so a pixmap the server still copies from is
/// not drawn into.
public final class X11Window: @unchecked Sendable {
    /// The window's connection.
    public let connection: X11Connection
    /// The window's XID: what a display link adopts (``X11PresentWatch``).
    public let id: UInt32
    /// The window's title.
    public let title: String
    /// The window's width in pixels.
    public let width: Int
    /// The window's height in pixels.
    public let height: Int
    private let pixmaps: [UInt32]
    private let graphicsContext: UInt32
    private let lock = PthreadMutex()
    private var back = 0
    private var nextSerial = X11Window.firstSerial
    private var isClosed = false
    /// What the next ``present()`` targets and belongs to, as a display link armed it.
    private var armed: (tag: Int64, targetMSC: UInt64)?
    /// The tags of the latest presents, by serial.
    private var tags: [(serial: UInt32, tag: Int64)] = []

    /// The window's request serials lie in the upper half of the 32-bit range (a watch's NotifyMSC
    /// serials in the lower), so that a completion's serial says whose request it answers.
    static let firstSerial: UInt32 = 0x8000_0001
    /// The bit every serial of the window's has.
    static let serialBit: UInt32 = 0x8000_0000

    /// How many pixmaps the window draws into in turn.
    static let pixmapCount = 3
    /// How many presents' tags are remembered.
    static let rememberedTags = 16

    /// Creates a window `width` × `height` on the default screen, maps it (unless `mapped` is false),
    /// and waits (until `timeout`) for it to be mapped.
    ///
    /// - Throws: ``X11Error/invalidArgument(_:)`` for an empty or oversized window,
    ///   ``X11Error/timedOut(waitingFor:)`` when it is not mapped in time, or the connection's failure.
    public init(
        connection: X11Connection, title: String, width: Int, height: Int, mapped: Bool = true,
        timeout: Duration = X11Connection.defaultTimeout
    ) throws(X11Error) {
        guard (1...Int(UInt16.max)).contains(width), (1...Int(UInt16.max)).contains(height) else {
            throw .invalidArgument("a window of \(width) × \(height) pixels")
        }
        try connection.checkUsable("the X11 connection")
        self.connection = connection
        self.title = title
        self.width = width
        self.height = height
        let c = connection.connection
        let id = connection.generateID()
        self.id = id
        var values: [UInt32] = [
            0, UInt32(XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue | XCB_EVENT_MASK_EXPOSURE.rawValue),
        ]
        xcb_create_window(
            c, connection.rootDepth, id, connection.root, 0, 0, UInt16(width), UInt16(height), 0,
            UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), connection.rootVisual,
            UInt32(XCB_CW_BACK_PIXEL.rawValue | XCB_CW_EVENT_MASK.rawValue), &values)
        title.withCString { name in
            _ = xcb_change_property(
                c, UInt8(XCB_PROP_MODE_REPLACE.rawValue), id, UInt32(XCB_ATOM_WM_NAME.rawValue),
                UInt32(XCB_ATOM_STRING.rawValue), 8, UInt32(title.utf8.count), name)
        }
        let graphicsContext = connection.generateID()
        self.graphicsContext = graphicsContext
        xcb_create_gc(c, graphicsContext, id, 0, nil)
        var made: [UInt32] = []
        for _ in 0..<Self.pixmapCount {
            let pixmap = connection.generateID()
            xcb_create_pixmap(c, connection.rootDepth, pixmap, id, UInt16(width), UInt16(height))
            made.append(pixmap)
        }
        pixmaps = made
        for pixmap in pixmaps { fill(pixmap, color: 0xFF00_0000) }
        guard mapped else {
            connection.flush()
            return
        }
        xcb_map_window(c, id)
        do {
            try waitUntilMapped(until: KernelClock.monotonicDeadline(after: timeout))
        } catch {
            destroy()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Reads the window's events until its MapNotify.
    private func waitUntilMapped(until deadline: Int64) throws(X11Error) {
        while true {
            while let event = connection.pollCoreEvent() {
                switch event {
                case .mapped(let window) where window == id: return
                case .error(let code, let resource, _):
                    throw .requestFailed(
                        request: "CreateWindow or MapWindow", errorCode: code, resource: resource)
                default: continue
                }
            }
            if let failure = connection.failure { throw failure }
            if case .timedOut = try connection.waitReadable(until: deadline, wake: nil) {
                throw .timedOut(waitingFor: "MapNotify of window \(X11Error.hex(id))")
            }
        }
    }

    /// Fills the back pixmap (the one the next ``present()`` shows) with `argb` (its alpha ignored).
    public func fill(_ argb: UInt32) {
        let pixmap = lock.withLock { pixmaps[back] }
        fill(pixmap, color: argb)
    }

    /// Fills a rectangle of the back pixmap with `argb` (its alpha ignored).
    public func fillRectangle(x: Int, y: Int, width: Int, height: Int, argb: UInt32) {
        let pixmap = lock.withLock { pixmaps[back] }
        fill(pixmap, color: argb, x: x, y: y, width: width, height: height)
    }

    /// Copies `pixels` (`width` × `height`, XRGB8888 rows of `width` pixels: what Cairo's ARGB32 and
    /// `face.render(into:)` make) into the back pixmap's top-left corner, in bands of rows that fit the
    /// server's longest request.
    ///
    /// - Throws: ``X11Error/invalidArgument(_:)`` when `pixels` holds fewer than `width` × `height`.
    public func draw(pixels: [UInt32], width: Int, height: Int) throws(X11Error) {
        guard width > 0, height > 0, pixels.count >= width * height else {
            throw .invalidArgument("\(pixels.count) pixels for an image of \(width) × \(height)")
        }
        let pixmap = lock.withLock { pixmaps[back] }
        let c = connection.connection
        // The longest request in bytes, less PutImage's own header.
        let longest = Int(xcb_get_maximum_request_length(c)) * 4 - Self.putImageHeader
        let rowsPerBand = max(1, min(height, longest / (width * 4)))
        pixels.withUnsafeBytes { bytes in
            var row = 0
            while row < height {
                let rows = min(rowsPerBand, height - row)
                let start = bytes.baseAddress.map { $0 + row * width * 4 }
                _ = xcb_put_image(
                    c, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), pixmap, graphicsContext,
                    UInt16(clamping: width), UInt16(clamping: rows), 0, Int16(clamping: row), 0,
                    connection.rootDepth, UInt32(rows * width * 4), start?.assumingMemoryBound(to: UInt8.self)
                )
                row += rows
            }
        }
    }

    /// The bytes of a PutImage request before its data (with BIG-REQUESTS' longer length).
    static let putImageHeader = 28

    private func fill(
        _ pixmap: UInt32, color: UInt32, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil
    ) {
        let c = connection.connection
        var foreground = color & 0x00FF_FFFF
        xcb_change_gc(c, graphicsContext, UInt32(XCB_GC_FOREGROUND.rawValue), &foreground)
        var rectangle = xcb_rectangle_t(
            x: Int16(clamping: x), y: Int16(clamping: y), width: UInt16(clamping: width ?? self.width),
            height: UInt16(clamping: height ?? self.height))
        xcb_poly_fill_rectangle(c, pixmap, graphicsContext, 1, &rectangle)
    }

    /// Presents the back pixmap (PresentPixmap) and makes the next pixmap the back one. It is shown at
    /// the MSC the window's display link armed for the frame being drawn, or at the next MSC when none
    /// was armed. Returns the request's serial (its completion carries it).
    ///
    /// - Throws: ``X11Error/closed(_:)`` after ``close()``, or the connection's failure.
    @discardableResult
    public func present() throws(X11Error) -> UInt32 {
        try connection.checkUsable("the X11 window '\(title)'")
        let (pixmap, serial, target) = try lock.withLock { () throws(X11Error) -> (UInt32, UInt32, UInt64) in
            if isClosed { throw .closed("the X11 window '\(title)'") }
            let pixmap = pixmaps[back]
            back = (back + 1) % pixmaps.count
            let (serial, armed) = takeSerialLocked()
            return (pixmap, serial, armed?.targetMSC ?? 0)
        }
        xcb_present_pixmap(
            connection.connection, id, pixmap, serial, 0, 0, 0, 0, 0, 0, 0,
            UInt32(XCB_PRESENT_OPTION_NONE.rawValue), target, 0, 0, 0, nil)
        connection.flush()
        // The window's own events (Expose, ConfigureNotify) are of no use here: not left to pile up.
        while connection.pollCoreEvent() != nil {}
        return serial
    }

    /// Asks the Present extension for a completion at the next MSC after what was drawn into the
    /// window itself, not into its pixmaps: an OpenGL ES frame that Mesa's software EGL put on the
    /// window (`X11EGLSurface.swapBuffers()`, its PutImage sent on this connection just before). That
    /// completion (a NotifyMSC one, whose UST is the first refresh showing the frame) is the
    /// presentation of the frame the window's display link armed, as a presented pixmap's is. Returns
    /// the request's serial.
    ///
    /// - Throws: ``X11Error/closed(_:)`` after ``close()``, or the connection's failure.
    @discardableResult
    public func presentDrawnContent() throws(X11Error) -> UInt32 {
        try connection.checkUsable("the X11 window '\(title)'")
        let serial = try lock.withLock { () throws(X11Error) -> UInt32 in
            if isClosed { throw .closed("the X11 window '\(title)'") }
            return takeSerialLocked().serial
        }
        // Target 0 with divisor 1: the first MSC after the server handled the drawing, whenever that
        // is (a frame drawn late completes late, as it is shown late).
        xcb_present_notify_msc(connection.connection, id, serial, 0, Self.nextMSCDivisor, 0)
        connection.flush()
        while connection.pollCoreEvent() != nil {}
        return serial
    }

    /// NotifyMSC's divisor that, with target 0 and remainder 0, means the next MSC.
    static let nextMSCDivisor: UInt64 = 1

    /// The next serial, remembered under the armed tag (and the arming taken) when one is armed. Called
    /// with the lock held.
    private func takeSerialLocked() -> (serial: UInt32, armed: (tag: Int64, targetMSC: UInt64)?) {
        let serial = nextSerial
        nextSerial = (nextSerial &+ 1) | Self.serialBit
        guard let armed else { return (serial, nil) }
        tags.append((serial, armed.tag))
        if tags.count > Self.rememberedTags { tags.removeFirst() }
        self.armed = nil
        return (serial, armed)
    }

    /// Whether `serial` is one of the window's requests' (``present()``, ``presentDrawnContent()``).
    package static func isWindowSerial(_ serial: UInt32) -> Bool {
        serial & serialBit != 0
    }

    /// Maps the window (after ``unmap()``, or when it was made unmapped); does not wait for it.
    public func map() {
        xcb_map_window(connection.connection, id)
        connection.flush()
    }

    /// Unmaps the window (it stays; a display link on it fails over to its timer).
    public func unmap() {
        xcb_unmap_window(connection.connection, id)
        connection.flush()
    }

    /// Arms the next ``present()``: it targets `targetMSC`, and its completion belongs to `tag` (a
    /// display link's tick).
    package func arm(tag: Int64, targetMSC: UInt64) {
        lock.withLock { armed = (tag, targetMSC) }
    }

    /// The tag the present with `serial` was armed with, if it is among the latest.
    package func tag(ofSerial serial: UInt32) -> Int64? {
        lock.withLock { tags.last(where: { $0.serial == serial })?.tag }
    }

    /// Destroys the window and its pixmaps. Idempotent; the connection stays open.
    public func close() {
        let wasOpen = lock.withLock { () -> Bool in
            defer { isClosed = true }
            return !isClosed
        }
        if wasOpen { destroy() }
    }

    private func destroy() {
        guard !connection.isClosed, connection.failure == nil else { return }
        let c = connection.connection
        for pixmap in pixmaps { xcb_free_pixmap(c, pixmap) }
        xcb_free_gc(c, graphicsContext)
        xcb_destroy_window(c, id)
        connection.flush()
    }
}
