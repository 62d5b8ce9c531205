import Synchronization
internal import SystemCalls

/// A frame thread's stall alarm: a timer that the frame thread keeps ahead of its activities and
/// the stall watchdog waits on, so that a healthy frame thread costs the watchdog no wake-up at all.
///
/// The frame thread moves the alarm to an activity's start plus the threshold (``cover(activityAt:)``)
/// only when the alarm it set before would go off sooner than half a threshold after that start:
/// one system call every half threshold at most (every eighth frame at 60 Hz and 250 ms), made at
/// the rehearsal wake-up before a tick where the source has one (the timer and DRM sources), else
/// at the activity's start, on the way to its callback. While activities keep starting the alarm
/// never goes off. When it does, the watchdog looks at the thread: an activity that has run for the
/// threshold is a stall (reported, with the thread's stack), one that has not yet gets the alarm at
/// its own threshold, and a thread back in its run loop leaves the alarm off until its next activity
/// sets it again.
///
/// Both threads write the deadline, so whether the alarm is set is a handshake with a sequentially
/// consistent fence on each side: the frame thread publishes an activity's start, then reads
/// ``armedUntil``; the watchdog clears ``armedUntil`` when the alarm went off, then reads the
/// activity's start. One of them sees the other, so an activity that starts as the alarm goes off is
/// covered either way. The fence is paid only while someone watches.
final class StallAlarm: Sendable {
    /// The timer (non-blocking); nil when none could be made, and the watchdog then looks at the
    /// thread once a threshold instead.
    let timer: TimerDescriptor?
    /// The deadline the frame thread last set; 0 once the alarm went off.
    private let armedUntil = Atomic<Int64>(0)
    /// The stall threshold the frame thread sets the alarm with, kept current by the driver.
    let threshold = Atomic<Int64>(250_000_000)
    /// Whether the watchdog waits on the alarm (no one listening, no system call).
    let isWatched = Atomic<Bool>(false)
    /// How many times the alarm went off (the watchdog's wake-ups for this thread).
    let timesWentOff = Atomic<Int>(0)

    /// The deadline the frame thread last set; 0 when it is off or went off.
    var armedDeadline: Int64 { armedUntil.load(ordering: .sequentiallyConsistent) }

    init() {
        timer = try? TimerDescriptor.create(blocking: false)
    }

    deinit {
        try? timer?.close()
    }

    /// On the frame thread, once an activity's start (`since`, possibly a moment ahead) is published:
    /// makes sure the alarm goes off no later than `since` plus the threshold. An alarm set for an
    /// earlier activity is kept when it goes off no sooner than half a threshold after `since`.
    @inline(never)
    func cover(activityAt since: Int64) {
        guard isWatched.load(ordering: .relaxed), let timer else { return }
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        let threshold = threshold.load(ordering: .relaxed)
        guard armedUntil.load(ordering: .sequentiallyConsistent) < since + threshold / 2 else { return }
        let deadline = since + threshold
        armedUntil.store(deadline, ordering: .sequentiallyConsistent)
        // A failed arm leaves the alarm as it was: the next activity tries again.
        if (try? timer.arm(at: deadline)) == nil { armedUntil.store(0, ordering: .sequentiallyConsistent) }
    }

    /// On the watchdog's thread, the timer being readable: whether the alarm really went off (the
    /// frame thread may have set it again since). From then on the next activity sets it afresh.
    func wentOff() -> Bool {
        guard let timer, ((try? timer.expirations()) ?? 0) > 0 else { return false }
        armedUntil.store(0, ordering: .sequentiallyConsistent)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        timesWentOff.add(1, ordering: .relaxed)
        return true
    }

    /// Sets the alarm from the watchdog's thread: for when a running activity reaches the threshold.
    func set(at deadline: Int64) {
        _ = try? timer?.arm(at: deadline)
    }
}
