import SystemPackage

/// One entry of the set ``SystemCall/poll(_:until:retryOnInterrupt:)-([PollDescriptor],_,_)`` waits on: a descriptor, the
/// events asked about, and the events reported by the last poll (a `struct pollfd` without C types).
package struct PollDescriptor: Hashable, Sendable {
    /// The descriptor; a negative one is skipped (poll reports nothing for it).
    package var fileDescriptor: FileDescriptor
    /// The events asked about.
    package var events: PollEvents
    /// The events the last poll reported (empty before one, and when the time ran out).
    package var returnedEvents: PollEvents

    /// An entry that asks about `events` (by default, readability) on `fileDescriptor`.
    package init(_ fileDescriptor: FileDescriptor, events: PollEvents = .readable) {
        self.fileDescriptor = fileDescriptor
        self.events = events
        self.returnedEvents = []
    }
}
