import CGTK
import FrameClock
import FrameClockGLib
import Glibc

/// The GTK application: a window with the ring, a fetch button and a status line.
@MainActor final class GTKClockApp {
    /// The running application, for GTK's C callbacks (all on the main thread).
    static var shared: GTKClockApp?

    let options: Options
    let application: UnsafeMutablePointer<GtkApplication>
    let state = ClockState()
    var frameClock: FrameClockOnGTK?
    var label: UnsafeMutablePointer<GtkWidget>?
    var area: UnsafeMutablePointer<GtkWidget>?
    var failures: [String] = []
    /// The frames delivered when the drawing area was destroyed, for the check that none came after.
    var framesBeforeDestroy: Int?

    /// How long the fetch blocks its thread.
    nonisolated static let fetchSeconds: UInt32 = 2
    /// The ring's size and stroke, in pixels.
    nonisolated static let side: Int32 = 240
    nonisolated static let lineWidth = 12.0
    /// The refresh the timeline (`--timeline`) keeps room for: each frame of a run at 144 Hz.
    nonisolated static let timelineFramesPerSecond = 144.0
    /// The run the timeline keeps room for when no `--duration` bounds it.
    nonisolated static let timelineSecondsWithoutDuration = 60.0

    init(options: Options) {
        self.options = options
        application = gtk_application_new("org.frameclock.GTKClock", G_APPLICATION_NON_UNIQUE)
        g_signal_connect_data(
            application, "activate", unsafeBitCast(onActivate, to: GCallback.self), nil, nil, GConnectFlags(0)
        )
    }

    /// Runs GTK's main loop until the window closes or the duration ends; the exit status.
    func run() -> Int32 {
        g_application_run(gtk_clock_application(application), 0, nil)
    }

    func activate() {
        let window = gtk_application_window_new(application)!
        gtk_window_set_title(gtk_clock_window(window), "FrameClock on GTK")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        let area = gtk_drawing_area_new()!
        gtk_drawing_area_set_content_width(gtk_clock_drawing_area(area), Self.side)
        gtk_drawing_area_set_content_height(gtk_clock_drawing_area(area), Self.side)
        gtk_drawing_area_set_draw_func(gtk_clock_drawing_area(area), drawRing, nil, nil)
        let button = gtk_button_new_with_label("Fetch (2 s, off the main thread)")!
        g_signal_connect_data(
            button, "clicked", unsafeBitCast(onFetch, to: GCallback.self), nil, nil, GConnectFlags(0))
        let label = gtk_label_new("idle")!
        gtk_box_append(gtk_clock_box(box), area)
        gtk_box_append(gtk_clock_box(box), button)
        gtk_box_append(gtk_clock_box(box), label)
        gtk_window_set_child(gtk_clock_window(window), box)
        self.area = area
        self.label = label
        do {
            _ = try GLibMainQueue.integrate()
            let frameClock = try FrameClockOnGTK(area: area, state: state)
            if options.timelinePath != nil {
                // Room for every frame of the run at the fastest refresh a test meets.
                let seconds = options.duration ?? Self.timelineSecondsWithoutDuration
                frameClock.link.timelineCapacity =
                    Int(seconds * Self.timelineFramesPerSecond) + DisplayLink.defaultTimelineCapacity
            }
            self.frameClock = frameClock
        } catch {
            print("gtk-clock: FrameClock cannot run on GTK's loop: \(error)")
            failures.append("setup: \(error)")
            g_application_quit(gtk_clock_application(application))
            return
        }
        gtk_window_present(gtk_clock_window(window))
        if let fetchAt = options.fetchAt {
            g_timeout_add(UInt32(fetchAt * 1000), pressFetch, nil)
        }
        if let duration = options.duration {
            g_timeout_add(UInt32(duration * 1000), quitApplication, nil)
        }
        if let destroyAt = options.destroyAt {
            g_timeout_add(UInt32(destroyAt * 1000), destroyRing, nil)
        }
        g_signal_connect_data(
            area, "destroy", unsafeBitCast(onRingDestroyed, to: GCallback.self), nil, nil, GConnectFlags(0))
    }

    /// The button: a blocking fetch on a thread of its own, its result brought back to the main
    /// actor while the ring keeps turning.
    func fetch() {
        guard state.fetchStarted == nil else { return }
        state.fetchStarted = .now()
        state.status = "fetching…"
        setStatus(state.status)
        Task.detached {
            sleep(Self.fetchSeconds)  // a blocking call, as a synchronous network client makes
            let result = "fetched after \(Self.fetchSeconds) s"
            await MainActor.run {
                let app = GTKClockApp.shared
                app?.state.fetchResult = result
                app?.state.resultOnMainThread = gtk_clock_is_main_thread() != 0
                app?.state.status = result
                app?.setStatus(result)
                app?.state.fetchStarted = nil
            }
        }
    }

    func setStatus(_ text: String) {
        guard let label else { return }
        gtk_label_set_text(gtk_clock_label(label), text)
    }

    /// The drawing area is going (its window closed, or a test removed it): its link ends with it,
    /// so no callback reaches a widget that is gone.
    func ringDestroyed() {
        frameClock?.end()
        area = nil
        state.ringDestroyed = true
    }

    /// Removes the drawing area from its box while its link runs.
    func destroyRingNow() {
        guard let area, let box = gtk_widget_get_parent(area) else { return }
        framesBeforeDestroy = frameClock?.link.statistics.framesDelivered
        gtk_box_remove(gtk_clock_box(box), area)
    }

    func quit() {
        if let path = options.timelinePath, let frameClock {
            do {
                try frameClock.link.timeline.write(.chromeTrace, to: path)
            } catch {
                failures.append("the timeline: \(error)")
            }
        }
        frameClock?.end()
        g_application_quit(gtk_clock_application(application))
    }
}

private let onActivate: @convention(c) (UnsafeMutablePointer<GtkApplication>?, gpointer?) -> Void = { _, _ in
    MainActor.assumeIsolated { GTKClockApp.shared?.activate() }
}

private let onFetch: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, _ in
    MainActor.assumeIsolated { GTKClockApp.shared?.fetch() }
}

private let onRingDestroyed: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gpointer?) -> Void = { _, _ in
    MainActor.assumeIsolated { GTKClockApp.shared?.ringDestroyed() }
}

private let destroyRing: @convention(c) (gpointer?) -> gboolean = { _ in
    MainActor.assumeIsolated { GTKClockApp.shared?.destroyRingNow() }
    return 0
}

private let pressFetch: @convention(c) (gpointer?) -> gboolean = { _ in
    MainActor.assumeIsolated { GTKClockApp.shared?.fetch() }
    return 0
}

private let quitApplication: @convention(c) (gpointer?) -> gboolean = { _ in
    MainActor.assumeIsolated { GTKClockApp.shared?.quit() }
    return 0
}

/// Draws the ring at the state's strokeEnd: a circle from twelve o'clock, clockwise.
private let drawRing: GtkDrawingAreaDrawFunc = { _, cairo, width, height, _ in
    guard let cairo else { return }
    let strokeEnd = MainActor.assumeIsolated { GTKClockApp.shared?.state.strokeEnd ?? 0 }
    let radius = Double(min(width, height)) / 2 - GTKClockApp.lineWidth
    let start = -Double.pi / 2
    cairo_set_line_width(cairo, GTKClockApp.lineWidth)
    cairo_set_source_rgb(cairo, 0.85, 0.85, 0.85)
    cairo_arc(cairo, Double(width) / 2, Double(height) / 2, radius, 0, 2 * Double.pi)
    cairo_stroke(cairo)
    guard strokeEnd > 0 else { return }
    cairo_set_source_rgb(cairo, 0.1, 0.4, 0.9)
    cairo_arc(cairo, Double(width) / 2, Double(height) / 2, radius, start, start + 2 * Double.pi * strokeEnd)
    cairo_stroke(cairo)
}
