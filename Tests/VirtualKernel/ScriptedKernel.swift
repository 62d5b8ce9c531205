import DRM
import SystemPackage

@testable import FrameClock

#if canImport(Glibc)
    import Glibc
#endif

/// A kernel in virtual time behind the tick sources' system-call seam: one CRTC whose vblanks come
/// on an exact grid, the DRM calls a ``DRMTickSource`` makes, the event records it reads, and the
/// timerfd calls of the ``TimerTickSource`` it fails over to, all on one virtual clock.
///
/// The clock moves only when a caller waits (`poll` until an event or its timeout, a timer read until
/// its deadline) or when a callback says it worked (``elapse(_:)``), so every run is exact and
/// repeatable. Faults are scripted: a call failing at its Nth use with an errno (``KernelFault``),
/// bytes read in place of the records (``ScriptedRead``), and changes at virtual instants (the CRTC
/// turned off, the device unplugged, the descriptor closed or hung up, vblanks stopping, timestamps
/// and counters that misbehave).
///
/// The control channel stays real (an eventfd): `poll` looks at it without waiting, and waits on it
/// for real only when a source waits for nothing else.
final class ScriptedKernel: DRMSystemCalls, TimerSystemCalls, @unchecked Sendable {
    /// vkms's default mode: 1024x768, a 65 000 kHz clock, htotal 1344, vtotal 806, so an interval of
    /// exactly 16 665 600 ns (60.0038 Hz).
    static let vkmsMode = DRMMode(
        name: "1024x768", clockKilohertz: 65000, hdisplay: 1024, hsyncStart: 1048, hsyncEnd: 1184,
        htotal: 1344, vdisplay: 768, vsyncStart: 771, vsyncEnd: 777, vtotal: 806)
    /// The interval of ``vkmsMode``.
    static let period: Int64 = 16_665_600
    /// The one lit CRTC, as vkms has it (id 38, pipe 0).
    static let crtc = DRMCRTC(id: 38, index: 0, framebufferID: 42, x: 0, y: 0, mode: vkmsMode)

    let path = "/dev/dri/card0"
    /// The instant of vblank 0 (it has happened when the kernel is made).
    let firstVBlank: Int64
    /// The counter at vblank 0.
    let firstSequence: UInt64
    /// The interval between vblanks.
    let periodNanoseconds: Int64

    private struct Request {
        var target: UInt64
        var userData: UInt64
        /// A drmCrtcQueueSequence request (64-bit, nanoseconds) rather than a drmWaitVBlank one.
        var sequenceEvent: Bool
    }

    /// A change of the device's state at a virtual instant.
    enum Change: Hashable, Sendable {
        /// The CRTC is turned off: pending events are delivered at once with the current count, no
        /// vblank follows and every vblank call fails with `EINVAL`.
        case crtcOff
        /// The device is unplugged: every call fails with `ENODEV`; pending events never come.
        case unplugged
        /// The descriptor is closed under the source: calls and reads fail with `EBADF`, `poll` reports
        /// `POLLNVAL`.
        case descriptorClosed
        /// The CRTC is lit again (after ``crtcOff``): vblanks resume on the same grid, the counter
        /// having gone on counting the vblanks it missed (vkms's resumes where it stopped instead:
        /// ``jumpSequence(atVBlank:by:)`` models that).
        case crtcOn
        /// The descriptor reports `POLLHUP`.
        case hungUp
        /// The descriptor polls readable and reads as end of file (0 bytes).
        case endOfFile
    }

    private struct State {
        var now: Int64
        var limit: Int64
        var processed: Int64 = 0
        var requests: [Request] = []
        var records: [[UInt8]] = []
        var calls: [KernelFault.Call: Int] = [:]
        var faults: [KernelFault] = []
        /// The call number at which each time-triggered fault started.
        var faultStarts: [Int: Int] = [:]
        var reads: [Int: ScriptedRead] = [:]
        var timestampOffsets: [Int64: Int64] = [:]
        var sequenceJump: (atVBlank: Int64, by: Int64)?
        var vblanksStopAfter: Int64?
        var scheduled: [(at: Int64, change: Change)] = []
        var applied: Set<Change> = []
        var closeCalls = 0
        /// Times the device was opened again after a close.
        var reopens = 0
        var timerDeadline: Int64 = 0
        var timersCreated = 0
        var timersClosed = 0
        var injected: [String] = []
        var controlFD: Int32 = -1
    }

    private let state: Locked<State>

    /// A kernel whose vblank 0 is at `firstVBlank` with counter `firstSequence`, its clock at `start`
    /// (1 ms after vblank 0 by default). Waits that would take the clock past `limit` fail with
    /// `ECANCELED`, so that a run gone wrong ends instead of spinning through virtual time.
    init(
        firstVBlank: Int64 = 1_000_000_000, firstSequence: UInt64 = 5000, start: Int64? = nil,
        period: Int64 = ScriptedKernel.period, limit: Duration = .seconds(600)
    ) {
        self.firstVBlank = firstVBlank
        self.firstSequence = firstSequence
        periodNanoseconds = period
        let now = start ?? firstVBlank + 1_000_000
        state = Locked(State(now: now, limit: firstVBlank + limit.wholeNanoseconds))
    }

    // MARK: - Script

    /// Adds faults.
    func inject(_ faults: KernelFault...) {
        state.withLock { $0.faults += faults }
    }

    /// Makes the `nth` read (counted from 1) return `read` in place of the pending records.
    func script(read nth: Int, _ read: ScriptedRead) {
        state.withLock { $0.reads[nth] = read }
    }

    /// Makes vblank `index` report a timestamp `offset` from the true one (negative: backwards).
    func offsetTimestamp(ofVBlank index: Int64, by offset: Int64) {
        state.withLock { $0.timestampOffsets[index] = offset }
    }

    /// Makes the counter jump by `amount` (negative: back) at vblank `index` and stay moved.
    func jumpSequence(atVBlank index: Int64, by amount: Int64) {
        state.withLock { $0.sequenceJump = (index, amount) }
    }

    /// Stops vblanks after vblank `index`, without an error.
    func stopVBlanks(after index: Int64) {
        state.withLock { $0.vblanksStopAfter = index }
    }

    /// Changes the device's state at the instant `time`.
    func schedule(_ change: Change, at time: Int64) {
        state.withLock { $0.scheduled.append((time, change)) }
    }

    /// Opens the device again after the source closed it (a return to the display after a
    /// failover): calls no longer fail with `EBADF`.
    func reopen() {
        state.withLock { $0.reopens = $0.closeCalls }
    }

    /// The control channel `waitForTimer` watches when the timer is disarmed (a source waiting for
    /// nothing but the control channel).
    func watchControl(_ control: ControlChannel) {
        state.withLock { $0.controlFD = control.fd }
    }

    /// Moves the clock forward by `duration` (a callback's work, or time the thread was descheduled).
    func elapse(_ duration: Duration) {
        state.withLock { state in
            advance(&state, until: state.now + duration.wholeNanoseconds, stopWhenPollable: false)
        }
    }

    // MARK: - Observations

    /// The instant of vblank `index`.
    func vblankTime(_ index: Int64) -> Int64 {
        firstVBlank + index * periodNanoseconds
    }

    /// How many calls of `kind` were made (failed ones included).
    func calls(_ kind: KernelFault.Call) -> Int {
        state.withLock { $0.calls[kind, default: 0] }
    }

    /// How many times the DRM descriptor was closed.
    var closeCalls: Int { state.withLock { $0.closeCalls } }
    /// Timers made and closed.
    var timers: (created: Int, closed: Int) { state.withLock { ($0.timersCreated, $0.timersClosed) } }
    /// The errors the script injected, as `call#n: ERRNO`.
    var injected: [String] { state.withLock { $0.injected } }

    // MARK: - DRMSystemCalls

    func monotonicNanoseconds() -> Int64 {
        state.withLock { $0.now }
    }

    func currentSequence(crtc crtcID: UInt32) throws(DRMError) -> DRMVBlankTime {
        try state.withLock { state throws(DRMError) in
            try enter(.currentSequence, "drmCrtcGetSequence", detail: "crtc \(crtcID)", &state)
            guard crtcID == Self.crtc.id else {
                throw DRMError(
                    call: "drmCrtcGetSequence", errno: Errno(rawValue: ENOENT), detail: "crtc \(crtcID)")
            }
            return DRMVBlankTime(
                sequence: counter(state.processed, state),
                timestampNanoseconds: reported(state.processed, state))
        }
    }

    func queueSequence(crtc crtcID: UInt32, sequence: UInt64, flags: DRMSequenceFlags, userData: UInt64)
        throws(DRMError) -> UInt64
    {
        try state.withLock { state throws(DRMError) in
            try enter(.queueSequence, "drmCrtcQueueSequence", detail: "crtc \(crtcID)", &state)
            guard crtcID == Self.crtc.id else {
                throw DRMError(
                    call: "drmCrtcQueueSequence", errno: Errno(rawValue: ENOENT), detail: "crtc \(crtcID)")
            }
            let current = counter(state.processed, state)
            var target = flags.contains(.relative) ? current &+ sequence : sequence
            if flags.contains(.nextOnMiss) && target <= current { target = current + 1 }
            let request = Request(target: target, userData: userData, sequenceEvent: true)
            if target <= current {
                state.records.append(record(request, vblank: state.processed, state))
            } else {
                state.requests.append(request)
            }
            return target
        }
    }

    func waitVBlank(pipe: Int, sequence: UInt32, relative: Bool, nextOnMiss: Bool) throws(DRMError)
        -> (sequence: UInt32, timestampNanoseconds: Int64)
    {
        try state.withLock { state throws(DRMError) in
            try enter(.waitVBlank, "drmWaitVBlank", detail: "pipe \(pipe)", &state)
            // Only the query the tick source makes (relative 0) is scripted.
            guard pipe == Self.crtc.index, relative, sequence == 0 else {
                throw DRMError(call: "drmWaitVBlank", errno: Errno(rawValue: EINVAL), detail: "pipe \(pipe)")
            }
            return (
                UInt32(truncatingIfNeeded: counter(state.processed, state)), reported(state.processed, state)
            )
        }
    }

    func requestVBlankEvent(pipe: Int, sequence: UInt32, relative: Bool, nextOnMiss: Bool, userData: UInt64)
        throws(DRMError) -> UInt32
    {
        try state.withLock { state throws(DRMError) in
            try enter(.requestVBlankEvent, "drmWaitVBlank", detail: "pipe \(pipe)", &state)
            guard pipe == Self.crtc.index else {
                throw DRMError(call: "drmWaitVBlank", errno: Errno(rawValue: EINVAL), detail: "pipe \(pipe)")
            }
            let current = counter(state.processed, state)
            let current32 = UInt32(truncatingIfNeeded: current)
            // The kernel's test for "already passed": within 2^23 behind the counter.
            var ahead = Int64(Int32(bitPattern: sequence &- current32))
            if nextOnMiss && ahead <= 0 { ahead = 1 }
            let request = Request(
                target: UInt64(bitPattern: Int64(bitPattern: current) + ahead), userData: userData,
                sequenceEvent: false)
            if ahead <= 0 {
                state.records.append(record(request, vblank: state.processed, state))
            } else {
                state.requests.append(request)
            }
            return UInt32(truncatingIfNeeded: request.target)
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(DRMError) -> Int {
        try state.withLock { state throws(DRMError) in
            try fault(.read, "read", detail: "drm events", &state)
            if state.closeCalls > state.reopens || state.applied.contains(.descriptorClosed) {
                throw DRMError(call: "read", errno: Errno(rawValue: EBADF), detail: "drm events")
            }
            var bytes: [UInt8]
            switch state.reads[state.calls[.read, default: 0]] {
            case .replace(let replacement):
                bytes = replacement
            case .prepend(let prefix):
                bytes = prefix + state.records.joined()
                state.records.removeAll()
            case .truncate(let count):
                bytes = Array(state.records.joined().prefix(count))
                state.records.removeAll()
            case nil:
                if state.applied.contains(.endOfFile) { return 0 }
                guard !state.records.isEmpty else {
                    throw DRMError(call: "read", errno: Errno(rawValue: EAGAIN), detail: "drm events")
                }
                // Whole records only, as many as fit, as the kernel does.
                bytes = []
                while let first = state.records.first, bytes.count + first.count <= buffer.count {
                    bytes += first
                    state.records.removeFirst()
                }
            }
            let count = min(bytes.count, buffer.count)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[0..<count]))
            }
            return count
        }
    }

    func poll(control: Int32, includeDevice: Bool, timeoutMilliseconds: Int32) throws(DRMError)
        -> DRMPollReadiness
    {
        try state.withLock { state throws(DRMError) in try fault(.poll, "poll", detail: path, &state) }
        guard includeDevice else {
            // Nothing to wait for in virtual time: wait for the control channel for real.
            return DRMPollReadiness(controlReadable: Self.wait(for: control, milliseconds: 10_000))
        }
        let controlReadable = Self.wait(for: control, milliseconds: 0)
        return try state.withLock { state throws(DRMError) in
            if state.closeCalls > state.reopens { return DRMPollReadiness(deviceInvalid: true) }
            if !controlReadable && !pollable(state) {
                let deadline = state.now + Int64(timeoutMilliseconds) * 1_000_000
                guard timeoutMilliseconds >= 0, deadline <= state.limit else {
                    throw DRMError(
                        call: "poll", errno: Errno(rawValue: ECANCELED),
                        detail: "past the script's time limit")
                }
                advance(&state, until: deadline)
            }
            return DRMPollReadiness(
                controlReadable: controlReadable,
                deviceReadable: !state.records.isEmpty || state.applied.contains(.endOfFile),
                deviceFailed: state.applied.contains(.hungUp),
                deviceInvalid: state.applied.contains(.descriptorClosed))
        }
    }

    /// Closes the device: as the kernel's release of a DRM file, the vblank requests it queued and the
    /// events it has not read go with it (a device opened again never reads the old file's events).
    func close() {
        state.withLock { state in
            state.closeCalls += 1
            state.requests.removeAll()
            state.records.removeAll()
        }
    }

    // MARK: - TimerSystemCalls

    func createTimer() throws(SystemCallError) -> Int32 {
        try state.withLock { state throws(SystemCallError) in
            try timerFault(.createTimer, "timerfd_create", &state)
            state.timersCreated += 1
        }
        // A real descriptor, so that the control channel's kick (a timerfd_settime on it) reaches
        // something harmless.
        return open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    func setTimer(_ timer: Int32, absoluteDeadline: Int64) throws(SystemCallError) {
        try state.withLock { state throws(SystemCallError) in
            try timerFault(.setTimer, "timerfd_settime", &state)
            state.timerDeadline = absoluteDeadline
        }
    }

    func waitForTimer(_ timer: Int32) throws(SystemCallError) {
        let disarmedControl = try state.withLock { state throws(SystemCallError) -> Int32? in
            try timerFault(.waitForTimer, "read(timerfd)", &state)
            if state.timerDeadline == 0 { return state.controlFD }
            guard state.timerDeadline <= state.limit else {
                throw SystemCallError(call: "read(timerfd)", errno: Errno(rawValue: ECANCELED))
            }
            advance(&state, until: state.timerDeadline, stopWhenPollable: false)
            return nil
        }
        if let control = disarmedControl {
            guard control >= 0, Self.wait(for: control, milliseconds: 10_000) else {
                throw SystemCallError(call: "read(timerfd)", errno: Errno(rawValue: ECANCELED))
            }
        }
    }

    func closeTimer(_ timer: Int32) {
        state.withLock { $0.timersClosed += 1 }
        Glibc.close(timer)
    }

    // MARK: - The display

    /// The counter at vblank `index`.
    private func counter(_ index: Int64, _ state: State) -> UInt64 {
        var value = Int64(bitPattern: firstSequence) + index
        if let jump = state.sequenceJump, index >= jump.atVBlank { value += jump.by }
        return UInt64(bitPattern: value)
    }

    /// The timestamp vblank `index` is reported with.
    private func reported(_ index: Int64, _ state: State) -> Int64 {
        vblankTime(index) + state.timestampOffsets[index, default: 0]
    }

    /// The event record for `request`, delivered at vblank `index`.
    private func record(_ request: Request, vblank index: Int64, _ state: State) -> [UInt8] {
        let count = counter(index, state)
        let time = reported(index, state)
        if request.sequenceEvent {
            return EventBytes.crtcSequence(
                userData: request.userData, timestampNanoseconds: time, sequence: count)
        }
        return EventBytes.vblank(
            userData: request.userData, timestampNanoseconds: time,
            sequence: UInt32(truncatingIfNeeded: count),
            crtcID: Self.crtc.id)
    }

    /// Whether `poll` would return at once.
    private func pollable(_ state: State) -> Bool {
        !state.records.isEmpty || !state.applied.isDisjoint(with: [.descriptorClosed, .hungUp, .endOfFile])
    }

    /// Runs the clock to `deadline`, or (when `stopWhenPollable`) to the first vblank or change that
    /// makes the descriptor pollable, taking every vblank and change on the way.
    private func advance(_ state: inout State, until deadline: Int64, stopWhenPollable: Bool = true) {
        while true {
            let next = state.processed + 1
            let stopped =
                state.vblanksStopAfter.map { next > $0 } ?? false || state.applied.contains(.crtcOff)
                || state.applied.contains(.unplugged)
            let vblank = stopped ? Int64.max : vblankTime(next)
            let changeIndex = state.scheduled.indices.min { state.scheduled[$0].at < state.scheduled[$1].at }
            let change = changeIndex.map { state.scheduled[$0] }
            let moment = min(vblank, change?.at ?? .max)
            guard moment <= deadline else {
                state.now = max(state.now, deadline)
                return
            }
            state.now = max(state.now, moment)
            if let change, let changeIndex, change.at <= vblank {
                state.scheduled.remove(at: changeIndex)
                apply(change.change, &state)
            } else {
                state.processed = next
                let count = counter(next, state)
                let due = state.requests.filter { $0.target <= count }
                state.requests.removeAll { $0.target <= count }
                for request in due { state.records.append(record(request, vblank: next, state)) }
            }
            if stopWhenPollable && pollable(state) { return }
        }
    }

    private func apply(_ change: Change, _ state: inout State) {
        if change == .crtcOn {
            state.applied.remove(.crtcOff)
            // The vblanks missed while dark are counted at once; none of them carries an event.
            let missed = Int64((state.now - vblankTime(state.processed)) / periodNanoseconds)
            state.processed += max(0, missed)
            return
        }
        state.applied.insert(change)
        if change == .crtcOff {
            // drm_crtc_vblank_off: pending events go out at once, with the current count.
            for request in state.requests {
                state.records.append(record(request, vblank: state.processed, state))
            }
            state.requests.removeAll()
        }
    }

    // MARK: - Faults

    /// Counts a DRM ioctl, fails it as scripted, then as the device's state says. An ioctl that a
    /// signal interrupts is made again at once, as libdrm's `drmIoctl` does: `EINTR` never leaves the
    /// seam for these calls.
    private func enter(_ kind: KernelFault.Call, _ call: String, detail: String, _ state: inout State)
        throws(DRMError)
    {
        while true {
            do {
                try fault(kind, call, detail: detail, &state)
                break
            } catch  where error.errno == .interrupted {
                continue
            }
        }
        if state.closeCalls > state.reopens || state.applied.contains(.descriptorClosed) {
            throw DRMError(call: call, errno: Errno(rawValue: EBADF), detail: path)
        }
        if state.applied.contains(.unplugged) {
            throw DRMError(call: call, errno: Errno(rawValue: ENODEV), detail: detail)
        }
        if state.applied.contains(.crtcOff) {
            throw DRMError(call: call, errno: Errno(rawValue: EINVAL), detail: detail)
        }
    }

    private func fault(_ kind: KernelFault.Call, _ call: String, detail: String, _ state: inout State)
        throws(DRMError)
    {
        // Take the vblanks and changes that the clock has passed since the last call.
        advance(&state, until: state.now, stopWhenPollable: false)
        if let code = scriptedErrno(kind, &state) {
            throw DRMError(call: call, errno: Errno(rawValue: code), detail: detail)
        }
    }

    private func timerFault(_ kind: KernelFault.Call, _ call: String, _ state: inout State)
        throws(SystemCallError)
    {
        if let code = scriptedErrno(kind, &state) {
            throw SystemCallError(call: call, errno: Errno(rawValue: code))
        }
    }

    /// Counts a call of `kind`; the errno a fault gives it, if one does.
    private func scriptedErrno(_ kind: KernelFault.Call, _ state: inout State) -> Int32? {
        let number = state.calls[kind, default: 0] + 1
        state.calls[kind] = number
        for (index, fault) in state.faults.enumerated() where fault.call == kind {
            let start: Int
            switch fault.trigger {
            case .call(let nth):
                start = nth
            case .time(let instant):
                if let started = state.faultStarts[index] {
                    start = started
                } else if state.now >= instant {
                    start = number
                    state.faultStarts[index] = number
                } else {
                    continue
                }
            }
            if number >= start && number - start < fault.count {
                state.injected.append(
                    "\(kind.rawValue)#\(number): \(DRMError(call: kind.rawValue, errno: Errno(rawValue: fault.errno)).errnoName)"
                )
                return fault.errno
            }
        }
        return nil
    }

    /// Whether `fd` becomes readable within `milliseconds` (real time).
    private static func wait(for fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let count = Glibc.poll(&entry, 1, milliseconds)
            if count < 0 && errno == EINTR { continue }
            return count > 0 && entry.revents & Int16(POLLIN) != 0
        }
    }
}
