import CGTK
import FrameClock
import FrameClockGLib
import Wayland

/// FrameClock on GTK's loop and frame clock: a loop source that follows the drawing area's
/// `GdkFrameClock` (GTK's tick callback ticks it, GTK's frame timings give it the presentations),
/// delivered from the main context for its planned starts and jobs, and a link whose main-actor
/// callback moves the ring and asks GTK to paint.
@MainActor final class FrameClockOnGTK {
    let source: LoopFrameSource
    let delivery: GLibFrameDelivery
    let link: DisplayLink
    let state: ClockState
    let figures = PresentationFigures()
    /// The frame time each recent tick gave the source, by GTK's frame counter.
    private var tickedFrameTimes: [Int64: Int64] = [:]
    /// The frame counter of the tick being dispatched, so that the callback files its target.
    private var ticking: Int64 = 0
    /// The compositor's presentation clock, read from `wp_presentation` on GTK's own display: GTK
    /// passes presentation times on in that clock; nil off Wayland (times taken as monotonic).
    let presentationClock: Int32?

    /// How far back GTK's frame history is read for presentations (GTK keeps 16 frames).
    static let history: Int64 = 8
    /// GTK's interval until its frame clock knows the output's.
    static let startingInterval = Duration.nanoseconds(16_666_667)

    init(area: UnsafeMutablePointer<GtkWidget>, state: ClockState) throws {
        self.state = state
        presentationClock = gtk_clock_wayland_display().flatMap { display in
            (try? WaylandConnection(adopting: display))?.presentationClockID
        }
        source = try LoopFrameSource(following: Self.startingInterval)
        delivery = try GLibFrameDelivery(source)
        link = try DisplayLink(source: .loop(source))
        try link.startOnMainActor { [unowned self] frame in
            self.state.advance(to: frame)
            self.figures.frameClockTargets[self.ticking] = frame.targetTimestamp.nanoseconds
            gtk_widget_queue_draw(area)
        }
        gtk_widget_add_tick_callback(area, onTick, nil, nil)
    }

    /// GTK's frame clock began a frame: the presentations it learned go to the source, then the tick.
    func tick(_ clock: OpaquePointer) {
        if gtk_clock_is_main_thread() == 0 { figures.ticksOffMainThread += 1 }
        let counter = Int64(gdk_frame_clock_get_frame_counter(clock))
        for earlier in max(0, counter - Self.history)..<counter {
            guard let timings = gdk_frame_clock_get_timings(clock, gint64(earlier)),
                gdk_frame_timings_get_complete(timings) != 0
            else { continue }
            let presented = Int64(gdk_frame_timings_get_presentation_time(timings)) * 1000
            guard presented > 0, !figures.compared.contains(earlier) else { continue }
            // The frame is named by the time its tick gave the source: GTK's smoothed frame time,
            // which the timings' own (unsmoothed) frame time is not.
            guard let started = tickedFrameTimes[earlier] else { continue }
            let refresh = Int64(gdk_frame_timings_get_refresh_interval(timings)) * 1000
            let interval: Duration? = refresh > 0 ? .nanoseconds(refresh) : nil
            let startedAt = MonotonicInstant(nanoseconds: started)
            // GTK's predictions are on its own (monotonic) clock, its presentations on the compositor's.
            var monotonicPresented: Int64
            if let presentationClock {
                guard
                    let converted = try? source.frameWasPresented(
                        startedAt: startedAt, atNanoseconds: presented, onClock: presentationClock,
                        refreshInterval: interval)
                else { continue }
                monotonicPresented = converted.nanoseconds
            } else {
                source.frameWasPresented(
                    startedAt: startedAt, at: MonotonicInstant(nanoseconds: presented),
                    refreshInterval: interval)
                monotonicPresented = presented
            }
            figures.record(
                counter: earlier, presented: monotonicPresented,
                gtkPredicted: Int64(gdk_frame_timings_get_predicted_presentation_time(timings)) * 1000)
        }
        let frameTime = Int64(gdk_frame_clock_get_frame_time(clock)) * 1000
        figures.frameTimes.append(frameTime)
        tickedFrameTimes[counter] = frameTime
        tickedFrameTimes[counter - Self.history - 1] = nil
        ticking = counter
        do {
            try source.frameClockTicked(at: MonotonicInstant(nanoseconds: frameTime))
        } catch {
            print("gtk-clock: the frame clock's tick could not be dispatched: \(error)")
        }
    }

    /// Ends the link and the delivery (the drawing area or the window is going); idempotent.
    func end() {
        link.invalidate()
        delivery.end()
        source.close()
    }
}

/// The drawing area's tick callback (GTK's `GtkTickCallback`), on the main thread.
private let onTick: GtkTickCallback = { _, clock, _ in
    // The clock crosses into the main actor's closure as an address: GTK calls back on the main thread.
    let address = UInt(bitPattern: clock)
    MainActor.assumeIsolated {
        guard let clock = OpaquePointer(bitPattern: address) else { return }
        GTKClockApp.shared?.frameClock?.tick(clock)
    }
    return 1
}
