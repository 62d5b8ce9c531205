#if WaylandBackend
    import Logging
    import Wayland

    extension DisplayLink {
        /// Posts the input of the window's seats to the link's ``input`` — and to the input of every
        /// other link made on the window — each event at the compositor's time on `CLOCK_MONOTONIC`
        /// (an event without one, such as a pointer's enter, at the time it is read). Scroll axes and
        /// the seats' frame and leave events have no ``InputEvent`` and are left out.
        func forwardInput(of window: WaylandWindow) {
            let fanOut = WaylandWindowInputFanOut.shared
            // The handler runs holding the connection's lock and takes the fan-out's: it is set
            // outside the fan-out's lock, never inside it.
            guard fanOut.add(input, for: window) else { return }
            let logger = logger
            window.setInputHandler { [weak window] event in
                if case .seatLost(let seat, let buttons, let touches) = event.kind {
                    logger.warning(
                        "Wayland \(seat) went away mid-gesture: releasing \(buttons) buttons, cancelling \(touches) touch points"
                    )
                }
                guard let window, let posted = InputEvent(event) else { return }
                for queue in fanOut.queues(for: window) { queue.post(posted) }
            }
        }
    }

    extension InputEvent {
        /// The event for a Wayland seat's event, as a link made on a `WaylandWindow` posts it: at the
        /// compositor's time on `CLOCK_MONOTONIC` — to the nanosecond when the compositor sent it so
        /// (`WaylandInputEvent.compositorNanoseconds`), else its 32-bit milliseconds widened
        /// near `now` — or at `now` for an event without one (a pointer's enter). Nil for the kinds with no ``InputEvent``: scroll axes, the seats' frame and leave
        /// events, and a seat lost (whose releases and cancels come as events of their own). For a
        /// front end that handles a window's events itself.
        public init?(_ event: WaylandInputEvent, readAt now: MonotonicInstant = .now()) {
            guard let kind = Kind(event) else { return nil }
            let time: MonotonicInstant? =
                if let nanoseconds = event.compositorNanoseconds {
                    MonotonicInstant(nanoseconds: nanoseconds)
                } else {
                    event.compositorMilliseconds.map {
                        MonotonicInstant(compositorMilliseconds: $0, near: now)
                    }
                }
            self.init(kind, at: time ?? now)
        }
    }

    extension InputEvent.Kind {
        /// The link's event kind for a Wayland seat's event, or nil for one it has none for.
        init?(_ event: WaylandInputEvent) {
            let pointer = event.seat
            switch event.kind {
            case .pointerEntered(let x, let y), .pointerMotion(let x, let y):
                self = .pointerMotion(pointer: pointer, position: InputPosition(x: x, y: y))
            case .pointerButton(let button, let isPressed):
                self =
                    isPressed
                    ? .pointerPressed(pointer: pointer, button: button)
                    : .pointerReleased(pointer: pointer, button: button)
            case .touchDown(let id, let x, let y):
                self = .touchDown(touch: id, position: InputPosition(x: x, y: y))
            case .touchMotion(let id, let x, let y):
                self = .touchMotion(touch: id, position: InputPosition(x: x, y: y))
            case .touchUp(let id):
                self = .touchUp(touch: id)
            case .touchCancel(let id):
                self = .touchCancel(touch: id)
            case .key(let key, let isPressed):
                self = isPressed ? .keyPressed(key: key) : .keyReleased(key: key)
            case .seatLost, .pointerLeft, .pointerAxis, .pointerFrame, .touchFrame:
                return nil
            }
        }
    }
#endif
