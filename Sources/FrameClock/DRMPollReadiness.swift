/// What one `poll(2)` of a DRM tick source's descriptors reported, without C types: the bits of the
/// two `revents` that the source acts on.
struct DRMPollReadiness: Hashable, Sendable {
    /// The control channel is readable (a link changed).
    var controlReadable = false
    /// The DRM descriptor has event records to read (`POLLIN`).
    var deviceReadable = false
    /// The DRM descriptor reported `POLLHUP` or `POLLERR`: the device is gone.
    var deviceFailed = false
    /// The DRM descriptor reported `POLLNVAL`: it is not an open descriptor (closed under the source).
    var deviceInvalid = false

    /// Nothing ready: the timeout ran out.
    static let timedOut = DRMPollReadiness()
}
