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
                guard let window, let kind = InputEvent.Kind(event, logger: logger) else { return }
                let now = MonotonicInstant.now()
                let time = event.compositorMilliseconds.map {
                    MonotonicInstant(compositorMilliseconds: $0, near: now)
                }
                let posted = InputEvent(kind, at: time ?? now)
                for queue in fanOut.queues(for: window) { queue.post(posted) }
            }
        }
    }

    extension InputEvent.Kind {
        /// The link's event for a Wayland seat's event, or nil for one it has none for (logging a seat
        /// lost mid-gesture).
        init?(_ event: WaylandInputEvent, logger: Logger) {
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
            case .seatLost(let seat, let buttons, let touches):
                logger.warning(
                    "Wayland \(seat) went away mid-gesture: releasing \(buttons) buttons, cancelling \(touches) touch points"
                )
                return nil
            case .pointerLeft, .pointerAxis, .pointerFrame, .touchFrame:
                return nil
            }
        }
    }
#endif
