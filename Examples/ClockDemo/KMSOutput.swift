import DRM
import FrameClock
import MediaTiming
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Presenting on a real display through DRM: two XRGB8888 dumb buffers, a modeset on the first,
/// then page flips between them.
///
/// - **Who paces.** The display link: in KMS mode the demo's link ticks on the vblank of this
///   output's own CRTC (``devicePath``, ``crtcID``; see `ClockDemo.makeLink`), and each callback
///   calls ``present(_:)``. `present` never draws into a buffer the display may still read: it
///   first waits (polling this descriptor, at most ``flipTimeoutMilliseconds``) for the completion
///   event of the previous flip, which the kernel sends at the same vblank that wakes the link, so
///   the wait is normally zero or a fraction of a millisecond. A frame drawn after vblank N is
///   flipped in at vblank N+1 — the frame's `targetTimestamp`. A callback that runs over a frame
///   makes the link skip to the next vblank after it, so a flip is always complete by then.
///   With another source (`--source timer`, `--naive`) the same wait keeps presentation correct;
///   the ticks are then simply not aligned with the display.
/// - **Buffers.** Buffer `front` is scanned out (or is the one the pending flip leaves); the other
///   is drawn into and flipped to. The face is square: it is drawn into the centred
///   `side` × `side` square (`side` = min(width, height)) through an offset pointer and the
///   buffer's own pitch; the margins are filled once, by ``show(background:)``, and never drawn
///   again.
/// - **Counting.** ``flips`` counts completed flips (their events), ``flipErrors`` failed
///   `drmModePageFlip` calls and waits that timed out. A failed flip drops that frame; ten failures
///   in a row, or a timeout, end the run with an error.
/// - **Closing.** ``close()`` waits (bounded) for a pending flip, restores the CRTC saved before the
///   modeset (its framebuffer, position and mode) or turns the CRTC off when it was off or its
///   framebuffer is gone, then removes the framebuffers, frees the buffers and closes the device
///   (which also gives up DRM master).
///
/// Not thread-safe: use it from one thread at a time (the demo's session lock does that).
final class KMSOutput {
    /// How many failed page flips in a row end the run.
    static let maximumConsecutiveFlipErrors = 10

    /// The device node presented on.
    let devicePath: String
    /// The CRTC driving the output: the one the display link ticks on.
    let crtcID: UInt32
    /// The connector presented on.
    let connectorID: UInt32
    /// The mode set: the connector's preferred one.
    let mode: DRMMode
    /// The display's width in pixels.
    let width: Int
    /// The display's height in pixels.
    let height: Int
    /// The side of the square the face is drawn into, centred.
    let side: Int
    /// Page flips completed (their events received).
    private(set) var flips = 0
    /// Page flips that failed, and waits for a flip that timed out.
    private(set) var flipErrors = 0
    /// The last flip failure, if any.
    private(set) var lastFlipError: DRMError?
    /// What ``close()`` did with the CRTC, for example `"restored CRTC 35 to framebuffer 40"`.
    private(set) var restoration: String?
    /// How long ``present(_:)`` waits for the previous flip before giving up.
    var flipTimeoutMilliseconds = 1000

    private let device: DRMDevice
    /// The CRTC's state before the modeset.
    private let savedCRTC: DRMCRTC
    private let buffers: [KMSBuffer]
    /// The buffer scanned out, or left by the pending flip.
    private var front = 0
    /// The user data of the flip not yet completed.
    private var pendingFlip: UInt64?
    private var flipSerial: UInt64 = 0
    private var consecutiveFlipErrors = 0
    private var isLit = false
    private var isClosed = false

    /// Opens the device (the first card with a connected output when `devicePath` is nil), becomes
    /// DRM master, picks a connected output and its preferred mode, and makes two buffers of the
    /// mode's size. Nothing is shown until ``show(background:)``.
    ///
    /// - Throws: ``KMSOutputError``.
    init(devicePath: String?) throws(KMSOutputError) {
        let target = try KMSTarget.open(path: devicePath)
        device = target.device
        self.devicePath = target.device.path
        crtcID = target.output.crtc.id
        connectorID = target.output.connector.id
        savedCRTC = target.output.crtc
        mode = target.mode
        width = Int(target.mode.hdisplay)
        height = Int(target.mode.vdisplay)
        side = min(width, height)
        var made: [KMSBuffer] = []
        do {
            for _ in 0..<2 { made.append(try KMSBuffer(device: target.device, width: width, height: height)) }
        } catch {
            for buffer in made { buffer.release(on: target.device) }
            target.device.close()
            throw .setupFailed(error)
        }
        buffers = made
    }

    deinit { close() }

    /// The XRGB8888 value of `color` (opaque; components clamped to [0, 1]).
    static func pixel(_ color: Color) -> UInt32 {
        func byte(_ component: Double) -> UInt32 {
            UInt32((component >= 0 ? min(component, 1) : 0) * 255 + 0.5)
        }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }

    /// Fills both buffers with `background` and sets the mode, scanning out the first buffer.
    ///
    /// - Throws: ``KMSOutputError/setupFailed(_:)`` when the modeset fails.
    func show(background: UInt32) throws(KMSOutputError) {
        for buffer in buffers { buffer.mapping.fill(background) }
        do {
            try device.setCRTC(
                crtcID, framebuffer: buffers[0].framebufferID, connectors: [connectorID], mode: mode)
        } catch {
            throw .setupFailed(error)
        }
        isLit = true
        front = 0
    }

    /// Draws a frame into the back buffer and flips to it at the next vblank.
    ///
    /// First waits for the previous flip to complete, so that the back buffer is no longer read by
    /// the display. `draw` gets the top-left corner of the centred square, its width and height
    /// (both ``side``) and the bytes per row of the whole buffer.
    ///
    /// - Throws: what `draw` throws, ``KMSOutputError/flipTimedOut(device:milliseconds:)`` or
    ///   ``KMSOutputError/flipsFailing(count:last:)``.
    func present(_ draw: (UnsafeMutableRawPointer, Int, Int, Int) throws -> Void) throws {
        try waitForPendingFlip(timeoutMilliseconds: flipTimeoutMilliseconds)
        let back = buffers[1 - front]
        guard let corner = back.address(x: (width - side) / 2, y: (height - side) / 2) else {
            throw KMSOutputError.setupFailed(
                DRMError(call: "present", errno: .badFileDescriptor, detail: devicePath))
        }
        try draw(corner, side, side, back.pitch)
        flipSerial += 1
        do {
            try device.pageFlip(crtc: crtcID, framebuffer: back.framebufferID, userData: flipSerial)
            pendingFlip = flipSerial
            consecutiveFlipErrors = 0
        } catch {
            flipErrors += 1
            consecutiveFlipErrors += 1
            lastFlipError = error
            if consecutiveFlipErrors >= Self.maximumConsecutiveFlipErrors {
                throw KMSOutputError.flipsFailing(count: consecutiveFlipErrors, last: error)
            }
        }
    }

    /// Waits until the pending flip, if any, has completed: reads the events already queued, then
    /// polls the descriptor until `timeoutMilliseconds` have passed.
    ///
    /// - Throws: ``KMSOutputError/flipTimedOut(device:milliseconds:)`` (counted in
    ///   ``flipErrors``; the flip stays pending) or ``KMSOutputError/eventsFailed(_:)``.
    func waitForPendingFlip(timeoutMilliseconds: Int) throws(KMSOutputError) {
        guard pendingFlip != nil else { return }
        let deadline = MonotonicInstant.now().nanoseconds + Int64(timeoutMilliseconds) * 1_000_000
        while true {
            do {
                try device.readEvents { event in
                    if case .flipComplete(let flip) = event, flip.userData == pendingFlip { flipCompleted() }
                }
            } catch {
                throw .eventsFailed(error)
            }
            if pendingFlip == nil { return }
            let remaining = deadline - MonotonicInstant.now().nanoseconds
            if remaining <= 0 {
                flipErrors += 1
                throw .flipTimedOut(device: devicePath, milliseconds: timeoutMilliseconds)
            }
            let ready: DRMPollReadiness
            do {
                ready = try device.poll(control: -1, includeDevice: true, until: deadline)
            } catch {
                throw .eventsFailed(error)
            }
            if ready.deviceFailed || ready.deviceInvalid {
                throw .eventsFailed(
                    DRMError(call: "poll", errno: .operationNotSupportedByDevice, detail: devicePath))
            }
        }
    }

    private func flipCompleted() {
        pendingFlip = nil
        front = 1 - front
        flips += 1
    }

    /// The framebuffer the display scans out (once no flip is pending).
    var frontFramebufferID: UInt32 { buffers[front].framebufferID }

    /// A pixel of the buffer scanned out (once no flip is pending), in display coordinates.
    func frontPixel(x: Int, y: Int) -> UInt32? { buffers[front].pixel(x: x, y: y) }

    /// Waits for a pending flip (at most 500 ms), restores the CRTC as it was before the modeset
    /// (or turns it off), removes the framebuffers, frees the buffers and closes the device.
    /// Idempotent; never blocks longer than the bounded wait and the kernel's modeset.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if pendingFlip != nil { try? waitForPendingFlip(timeoutMilliseconds: 500) }
        if isLit { restoration = restoreCRTC() }
        for buffer in buffers { buffer.release(on: device) }
        device.close()
    }

    /// Puts back the CRTC's framebuffer, position and mode from before the modeset; turns it off
    /// when it was off, or when that framebuffer no longer exists. Returns what was done.
    private func restoreCRTC() -> String {
        if let mode = savedCRTC.mode, savedCRTC.framebufferID != 0 {
            do {
                try device.setCRTC(
                    crtcID, framebuffer: savedCRTC.framebufferID, x: savedCRTC.x, y: savedCRTC.y,
                    connectors: [connectorID], mode: mode)
                return "restored CRTC \(crtcID) to framebuffer \(savedCRTC.framebufferID), \(mode.name)"
            } catch {
                return turnOff(
                    because: "its framebuffer \(savedCRTC.framebufferID) cannot be restored: \(error)")
            }
        }
        return turnOff(because: savedCRTC.isLit ? "it had no framebuffer before" : "it was off before")
    }

    private func turnOff(because reason: String) -> String {
        do {
            try device.disableCRTC(crtcID)
            return "turned CRTC \(crtcID) off (\(reason))"
        } catch {
            return "could not turn CRTC \(crtcID) off (\(reason)): \(error)"
        }
    }

    /// `"/dev/dri/card0: connector 36, CRTC 35, 1024x768 60.0038 Hz (...), face 768 px"`.
    var description: String {
        "\(devicePath): connector \(connectorID), CRTC \(crtcID), \(mode), face \(side) px"
    }
}
