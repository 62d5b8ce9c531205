#if DRMBackend
    internal import DRM
    import SystemPackage

    /// What an error from a DRM device means for a vblank tick source, by errno, and the sentence that
    /// says so.
    ///
    /// Interrupted calls never get here: libdrm's `drmIoctl` repeats interrupted ioctls, and the event
    /// reader and the poll loop repeat `read` and `poll`. Nothing pending after a wake-up is not an
    /// error either (the reader reports it, and the source waits again, asking the kernel where the
    /// counter is once an event is late). What is left ends the source, and the frame thread fails over
    /// to the timer:
    /// - `EINVAL`: the CRTC was turned off (the kernel delivers pending events at once and refuses new
    ///   requests);
    /// - `ENODEV`, `ENXIO`, `EBADF`, and `POLLHUP`, `POLLERR` or `POLLNVAL` on the descriptor: the
    ///   device is gone or its descriptor closed;
    /// - any other errno (`EBUSY`, `EACCES`, `EIO`, ...): the call's own description.
    struct DRMFailurePolicy {
        /// What a failed call means.
        enum Meaning: Hashable, Sendable {
            /// The CRTC is off.
            case crtcTurnedOff
            /// The device went away, or its descriptor was closed.
            case deviceGone
            /// Another failure of the call.
            case callFailed
        }

        /// The device's path, for reasons.
        let path: String
        /// The CRTC's id, for reasons.
        let crtcID: UInt32

        /// What `errno` means for a vblank source.
        static func meaning(of errno: Errno) -> Meaning {
            switch errno {
            case .invalidArgument: .crtcTurnedOff
            case .operationNotSupportedByDevice, .badFileDescriptor, .noSuchAddressOrDevice: .deviceGone
            default: .callFailed
            }
        }

        /// The failure that ends a running source.
        func failure(_ error: DRMError) -> TickSourceFailure {
            let call = "\(error.call): \(error.errnoName)"
            switch Self.meaning(of: error.errno) {
            case .crtcTurnedOff:
                return TickSourceFailure(reason: "CRTC \(crtcID) turned off (\(call))", errno: error.errno)
            case .deviceGone:
                return TickSourceFailure(reason: "DRM device \(path) gone (\(call))", errno: error.errno)
            case .callFailed:
                return TickSourceFailure(reason: error.failureReason ?? "\(error)", errno: error.errno)
            }
        }

        /// The failure a poll reported on the device's descriptor, if any.
        func failure(_ readiness: DRMPollReadiness) -> TickSourceFailure? {
            if readiness.deviceInvalid {
                return TickSourceFailure(
                    reason: "DRM device \(path) gone (poll: POLLNVAL, the descriptor is closed: EBADF)",
                    errno: .badFileDescriptor)
            }
            if readiness.deviceFailed {
                return TickSourceFailure(
                    reason: "DRM device \(path) gone (poll: POLLHUP/POLLERR: ENODEV)",
                    errno: .operationNotSupportedByDevice)
            }
            return nil
        }

        /// The failure of `poll` itself.
        func pollFailure(_ error: DRMError) -> TickSourceFailure {
            TickSourceFailure(reason: "poll failed: \(error.errnoName)", errno: error.errno)
        }

        /// Why a source cannot be opened on the CRTC.
        static func unavailable(_ error: DRMError, crtcID: UInt32) -> DisplayLinkError {
            if meaning(of: error.errno) == .crtcTurnedOff {
                return .drmUnavailable(
                    reason: "no lit CRTC (CRTC \(crtcID): \(error.call): EINVAL)", errno: error.errno)
            }
            return .drmUnavailable(reason: error.failureReason ?? "\(error)", errno: error.errno)
        }
    }
#endif
