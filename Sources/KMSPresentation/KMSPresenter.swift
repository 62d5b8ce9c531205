import DRM
import FrameClock
import SystemPackage

/// Shows drawn frames on a real display through DRM, and tells a display link when each was shown.
///
/// Two XRGB8888 dumb buffers, a modeset on the first (``show(background:)``), then a page flip per
/// frame. A front end draws into the back buffer and hands it over with
/// ``present(_:to:draw:)``: the flip is queued at once and completes at the next vblank, which for
/// a frame drawn on the link of this CRTC (``displaySource``) is the frame's `targetTimestamp`.
/// The flip's completion event — the kernel's timestamp and vblank count — is reported to the link
/// as presentation feedback (`DisplayLink.presented(_:at:vblank:)`); a frame whose flip could not
/// be queued is reported discarded. So every frame handed over is accounted for:
/// ``framesPresented`` + ``framesDropped`` = ``flipsRequested`` once no flip is pending.
///
/// ```swift
/// let presenter = try KMSPresenter(devicePath: nil)        // the first card with a connected output
/// try presenter.show(background: 0x000000)
/// let link = try DisplayLink(source: presenter.displaySource)
/// try link.start { frame in
///     try? presenter.present(frame, to: link) { pixels in
///         draw(into: pixels, at: frame.targetTimestamp)
///     }
/// }
/// ```
///
/// - **No tearing.** `present` never draws into a buffer the display may still read: it first
///   waits (at most ``flipTimeoutMilliseconds``) for the previous flip's completion, which the kernel
///   sends at the same vblank that wakes the link, so the wait is normally zero.
/// - **Closing.** ``close()`` waits (bounded) for a pending flip, restores the CRTC saved before the
///   modeset (its framebuffer, position and mode) or turns it off when it was off, frees the buffers
///   and closes the device (which gives up DRM master).
///
/// Needs DRM master: root, on a text console with no compositor on the card. Not thread-safe: use
/// it from one thread at a time (a link's frame thread).
public final class KMSPresenter {
    /// How many failed page flips in a row end the run.
    public static let maximumConsecutiveFlipErrors = 10

    /// The device node presented on.
    public let devicePath: String
    /// The CRTC driving the output: the one the display link ticks on.
    public let crtcID: UInt32
    /// The connector presented on.
    public let connectorID: UInt32
    /// The mode set: the connector's preferred one.
    public let mode: DRMMode
    /// The display's width in pixels.
    public let width: Int
    /// The display's height in pixels.
    public let height: Int
    /// Page flips asked for (each frame handed to ``present(_:to:draw:)`` asks for one).
    public private(set) var flipsRequested = 0
    /// Page flips completed (their events received): frames shown.
    public private(set) var framesPresented = 0
    /// Frames whose flip could not be queued: never shown.
    public private(set) var framesDropped = 0
    /// Page flips that failed, and waits for a flip that timed out.
    public private(set) var flipErrors = 0
    /// What ``close()`` did with the CRTC (its description reads, for example, `"restored CRTC 35 to
    /// framebuffer 40, 1024x768"`); nil before ``close()``, and after it when nothing had been shown.
    public var restoration: KMSRestoration? {
        if case .closed(_, let restoration) = state { return restoration }
        return nil
    }
    /// How long ``present(_:to:draw:)`` waits for the previous flip before giving up.
    public var flipTimeoutMilliseconds = 1000

    private let device: DRMDevice
    /// The CRTC's state before the modeset.
    private let savedCRTC: DRMCRTC
    private let buffers: [ScanoutBuffer]
    /// Nothing shown yet, showing a buffer, a flip pending, or closed.
    private var state = KMSPresenterState.unlit
    private var flipSerial: UInt64 = 0
    private var consecutiveFlipErrors = 0

    /// Opens the device (the first card with a connected output when `devicePath` is nil), becomes
    /// DRM master, picks a connected output and its preferred mode, and makes two buffers of the
    /// mode's size. Nothing is shown until ``show(background:)``.
    ///
    /// - Throws: ``KMSPresenterError``.
    public init(devicePath: String?) throws(KMSPresenterError) {
        let target = try KMSTarget.open(path: devicePath)
        device = target.device
        self.devicePath = target.device.path
        crtcID = target.output.crtc.id
        connectorID = target.output.connector.id
        savedCRTC = target.output.crtc
        mode = target.mode
        width = Int(target.mode.hdisplay)
        height = Int(target.mode.vdisplay)
        var made: [ScanoutBuffer] = []
        do {
            for _ in 0..<2 {
                made.append(try ScanoutBuffer(device: target.device, width: width, height: height))
            }
        } catch {
            for buffer in made { buffer.release(on: target.device) }
            target.device.close()
            throw .setupFailed(error)
        }
        buffers = made
    }

    deinit { close() }

    /// The XRGB8888 value of a colour (opaque; components clamped to [0, 1]).
    public static func pixel(red: Double, green: Double, blue: Double) -> UInt32 {
        func byte(_ component: Double) -> UInt32 {
            UInt32((component >= 0 ? min(component, 1) : 0) * 255 + 0.5)
        }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// The display link source that ticks on this output's CRTC: frames drawn on it are flipped in
    /// at their target vblank.
    public var displaySource: DisplayLink.Source { .drm(device: devicePath, crtc: crtcID) }

    /// Fills both buffers with `background` and sets the mode, scanning out the first buffer. A flip
    /// still pending is waited for first (its frame is reported), as ``present(_:to:draw:)`` does.
    ///
    /// - Throws: ``KMSPresenterError/setupFailed(_:)`` when the modeset fails (after ``close()``,
    ///   with `EBADF`); ``KMSPresenterError/flipTimedOut(device:milliseconds:)`` or
    ///   ``KMSPresenterError/eventsFailed(_:)`` from the wait for a pending flip.
    public func show(background: UInt32) throws(KMSPresenterError) {
        try waitForPendingFlip(timeoutMilliseconds: flipTimeoutMilliseconds)
        if case .closed = state {
            throw .setupFailed(
                DRMError(call: "drmModeSetCrtc", errno: .badFileDescriptor, detail: devicePath))
        }
        for buffer in buffers { buffer.mapping.fill(background) }
        do {
            try device.setCRTC(
                crtcID, framebuffer: buffers[0].framebufferID, connectors: [connectorID], mode: mode)
        } catch {
            throw .setupFailed(error)
        }
        state = .idle(front: 0)
    }

    /// Draws `frame` into the back buffer and flips to it at the next vblank — the frame's target
    /// when the link ticks on this output's CRTC — and reports to `link` when it was shown (at the
    /// completion of the flip, read by the next `present`, ``processEvents()`` or ``close()``) or
    /// that it was dropped (the flip could not be queued).
    ///
    /// First waits for the previous flip to complete, so that the back buffer is no longer read by
    /// the display. `draw` gets the whole back buffer (``width`` × ``height`` at the buffer's pitch);
    /// ``KMSPixels/region(x:y:width:height:)`` narrows it to a part, such as a centred square.
    ///
    /// - Throws: what `draw` throws (the frame is then reported dropped),
    ///   ``KMSPresenterError/flipTimedOut(device:milliseconds:)`` or
    ///   ``KMSPresenterError/flipsFailing(count:last:)``.
    public func present(_ frame: Frame, to link: DisplayLink?, draw: (KMSPixels) throws -> Void) throws {
        try waitForPendingFlip(timeoutMilliseconds: flipTimeoutMilliseconds)
        flipsRequested += 1
        let target = 1 - state.front
        let back = buffers[target]
        guard let corner = back.address(x: 0, y: 0) else {
            drop(frame.sequence, link)
            throw KMSPresenterError.setupFailed(
                DRMError(call: "present", errno: .badFileDescriptor, detail: devicePath))
        }
        do {
            try draw(KMSPixels(base: corner, width: width, height: height, bytesPerRow: back.pitch))
        } catch {
            drop(frame.sequence, link)
            throw error
        }
        flipSerial += 1
        do {
            try device.pageFlip(crtc: crtcID, framebuffer: back.framebufferID, userData: flipSerial)
            state = .flipPending(
                KMSPendingFlip(buffer: target, userData: flipSerial, sequence: frame.sequence, link: link))
            consecutiveFlipErrors = 0
        } catch {
            flipErrors += 1
            consecutiveFlipErrors += 1
            drop(frame.sequence, link)
            if consecutiveFlipErrors >= Self.maximumConsecutiveFlipErrors {
                throw KMSPresenterError.flipsFailing(count: consecutiveFlipErrors, last: error)
            }
        }
    }

    /// Reads the completion of a pending flip if it has arrived, without waiting, and reports it.
    ///
    /// - Throws: ``KMSPresenterError/eventsFailed(_:)``.
    public func processEvents() throws(KMSPresenterError) {
        guard state.pendingFlip != nil else { return }
        try readFlipEvents()
    }

    private func drop(_ sequence: UInt64, _ link: DisplayLink?) {
        framesDropped += 1
        link?.discarded(sequence)
    }

    /// Waits until the pending flip, if any, has completed: reads the events already queued, then
    /// polls the descriptor until `timeoutMilliseconds` have passed.
    ///
    /// - Throws: ``KMSPresenterError/flipTimedOut(device:milliseconds:)`` (counted in
    ///   ``flipErrors``; the flip stays pending) or ``KMSPresenterError/eventsFailed(_:)``.
    func waitForPendingFlip(timeoutMilliseconds: Int) throws(KMSPresenterError) {
        guard state.pendingFlip != nil else { return }
        let deadline = MonotonicInstant.now().nanoseconds + Int64(timeoutMilliseconds) * 1_000_000
        while true {
            try readFlipEvents()
            if state.pendingFlip == nil { return }
            if MonotonicInstant.now().nanoseconds >= deadline {
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

    /// Reads the events pending on the device; the completion of the pending flip is reported.
    private func readFlipEvents() throws(KMSPresenterError) {
        do {
            try device.readEvents { event in
                if case .flipComplete(let flip) = event, let pending = state.pendingFlip,
                    flip.userData == pending.userData
                {
                    flipCompleted(flip, pending)
                }
            }
        } catch {
            throw .eventsFailed(error)
        }
    }

    private func flipCompleted(_ flip: DRMVBlankEvent, _ pending: KMSPendingFlip) {
        state = .idle(front: pending.buffer)
        framesPresented += 1
        pending.link?.presented(
            pending.sequence, at: MonotonicInstant(nanoseconds: flip.timestampNanoseconds),
            vblank: UInt64(flip.sequence))
    }

    /// The framebuffer the display scans out (once no flip is pending).
    package var frontFramebufferID: UInt32 { buffers[state.front].framebufferID }

    /// A pixel of the buffer scanned out (once no flip is pending), in display coordinates.
    package func frontPixel(x: Int, y: Int) -> UInt32? { buffers[state.front].pixel(x: x, y: y) }

    /// Waits for a pending flip (at most 500 ms), restores the CRTC as it was before the modeset
    /// (or turns it off) once anything was shown on it, removes the framebuffers, frees the buffers
    /// and closes the device. Idempotent; never blocks longer than the bounded wait and the kernel's
    /// modeset.
    public func close() {
        if case .closed = state { return }
        if state.pendingFlip != nil { try? waitForPendingFlip(timeoutMilliseconds: 500) }
        // A flip that never completed was never seen.
        if let pending = state.pendingFlip { drop(pending.sequence, pending.link) }
        let front = state.front
        let restoration: KMSRestoration? =
            if case .unlit = state { nil } else { restoreCRTC() }
        state = .closed(front: front, restoration: restoration)
        for buffer in buffers { buffer.release(on: device) }
        device.close()
    }

    /// Puts back the CRTC's framebuffer, position and mode from before the modeset; turns it off
    /// when it was off, or when that framebuffer no longer exists. Returns what was done.
    private func restoreCRTC() -> KMSRestoration {
        guard let mode = savedCRTC.mode, savedCRTC.framebufferID != 0 else {
            return turnOff(because: savedCRTC.isLit ? .hadNoFramebuffer : .wasOff)
        }
        do {
            try device.setCRTC(
                crtcID, framebuffer: savedCRTC.framebufferID, x: savedCRTC.x, y: savedCRTC.y,
                connectors: [connectorID], mode: mode)
            return .restored(crtcID: crtcID, framebufferID: savedCRTC.framebufferID, mode: mode)
        } catch {
            return turnOff(
                because: .framebufferNotRestorable(framebufferID: savedCRTC.framebufferID, error: error))
        }
    }

    private func turnOff(because reason: KMSRestoration.TurnOffReason) -> KMSRestoration {
        do {
            try device.disableCRTC(crtcID)
            return .turnedOff(crtcID: crtcID, reason: reason)
        } catch {
            return .turnOffFailed(crtcID: crtcID, reason: reason, error: error)
        }
    }

    /// `"/dev/dri/card0: connector 36, CRTC 35, 1024x768 60.0038 Hz (...), face 768 px"`.
    public var description: String {
        "\(devicePath): connector \(connectorID), CRTC \(crtcID), \(mode)"
    }
}
