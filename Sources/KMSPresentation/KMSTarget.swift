import DRM

/// Where `--display kms` presents: a DRM device this process is master of, a connected connector,
/// the CRTC that drives it (as it was before the demo touched it) and the connector's preferred
/// mode.
struct KMSTarget {
    /// The device, opened read-write; this descriptor is DRM master.
    let device: DRMDevice
    /// The connector and CRTC chosen; `output.crtc` is the CRTC's state before any modeset.
    let output: DRMOutput
    /// The connector's preferred mode (the first listed when none is marked).
    let mode: DRMMode

    /// The directory searched when no device is given.
    static let directory = "/dev/dri"

    /// Opens `path`, or when `nil` the first `card*` node with a connected output, and becomes DRM
    /// master of it (the first opener of a device without a master is made master by the kernel;
    /// otherwise `drmSetMaster` is tried).
    ///
    /// - Throws: ``KMSPresenterError``: `.cannotOpen` (`ENOENT`, `EACCES`, `ENOTTY` for a file that is
    ///   not a DRM device), `.noDevice`, `.noConnectedOutput(OnAnyCard)`, `.notMaster`.
    static func open(path: String?) throws(KMSPresenterError) -> KMSTarget {
        let (device, output): (DRMDevice, DRMOutput)
        if let path {
            (device, output) = try openGiven(path)
        } else {
            (device, output) = try openFirstConnected()
        }
        guard let mode = output.preferredMode else {
            device.close()
            throw .noConnectedOutput(device: device.path)
        }
        if !device.isMaster {
            do {
                try device.setMaster()
            } catch {
                device.close()
                throw .notMaster(error)
            }
        }
        return KMSTarget(device: device, output: output, mode: mode)
    }

    private static func openGiven(_ path: String) throws(KMSPresenterError) -> (DRMDevice, DRMOutput) {
        let device: DRMDevice
        do {
            device = try DRMDevice(path: path)
        } catch {
            throw .cannotOpen(error)
        }
        let outputs: [DRMOutput]
        do {
            outputs = try device.connectedOutputs()
        } catch {
            device.close()
            throw .setupFailed(error)
        }
        guard let output = outputs.first else {
            device.close()
            throw .noConnectedOutput(device: path)
        }
        return (device, output)
    }

    private static func openFirstConnected() throws(KMSPresenterError) -> (DRMDevice, DRMOutput) {
        let paths: [String]
        do {
            paths = try DRMDisplay.cardPaths(in: directory)
        } catch {
            throw .noDevice(error)
        }
        var checked: [String] = []
        var failures: [DRMError] = []
        for path in paths {
            let device: DRMDevice
            do {
                device = try DRMDevice(path: path)
            } catch {
                failures.append(error)
                continue
            }
            do {
                if let output = try device.connectedOutputs().first { return (device, output) }
                checked.append(path)
            } catch {
                failures.append(error)
            }
            device.close()
        }
        if checked.isEmpty, let first = failures.first { throw .cannotOpen(first) }
        throw .noConnectedOutputOnAnyCard(checked: checked, failures: failures)
    }
}
