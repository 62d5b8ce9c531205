#if canImport(Glibc)
    import Glibc
#endif

/// The events `poll(2)` asks about and reports for a descriptor (`POLLIN`, `POLLOUT`, ...).
package struct PollEvents: OptionSet, Hashable, Sendable {
    /// The bits of `pollfd.events` / `pollfd.revents`.
    package let rawValue: Int16

    /// Events from their bits.
    package init(rawValue: Int16) {
        self.rawValue = rawValue
    }

    /// `POLLIN`: there is data to read (a signalled eventfd, an expired timerfd, DRM event records).
    package static var readable: PollEvents { PollEvents(rawValue: Int16(POLLIN)) }
    /// `POLLOUT`: a write would not block.
    package static var writable: PollEvents { PollEvents(rawValue: Int16(POLLOUT)) }
    /// `POLLERR`: an error condition (reported whether asked for or not).
    package static var error: PollEvents { PollEvents(rawValue: Int16(POLLERR)) }
    /// `POLLHUP`: the other end hung up, or the device went away (reported whether asked for or not).
    package static var hangUp: PollEvents { PollEvents(rawValue: Int16(POLLHUP)) }
    /// `POLLNVAL`: the descriptor is not open (reported whether asked for or not).
    package static var invalid: PollEvents { PollEvents(rawValue: Int16(POLLNVAL)) }
}
