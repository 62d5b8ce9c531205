internal import CWayland
internal import CWaylandProtocols

#if canImport(Glibc)
    import Glibc
#endif

/// An output's proxy and what the compositor said about it so far.
final class OutputRecord {
    let proxy: Proxy
    var output: WaylandOutput

    init(proxy: Proxy, globalName: UInt32) {
        self.proxy = proxy
        self.output = WaylandOutput(
            globalName: globalName, name: nil, make: "", model: "", scale: 1, modes: [])
    }

    /// Applies one `wl_output` event.
    func handle(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.Output(rawValue: opcode) {
        case .geometry?:
            output.x = arguments[0].i
            output.y = arguments[1].i
            output.make = arguments[5].s.map { String(cString: $0) } ?? ""
            output.model = arguments[6].s.map { String(cString: $0) } ?? ""
        case .mode?:
            let flags = arguments[0].u
            let mode = WaylandOutput.Mode(
                width: arguments[1].i, height: arguments[2].i, refreshMillihertz: arguments[3].i,
                isCurrent: flags & 0x1 != 0, isPreferred: flags & 0x2 != 0)
            if mode.isCurrent {
                for index in output.modes.indices { output.modes[index].isCurrent = false }
            }
            if let index = output.modes.firstIndex(where: {
                ($0.width, $0.height, $0.refreshMillihertz) == (
                    mode.width, mode.height, mode.refreshMillihertz
                )
            }) {
                output.modes[index] = mode
            } else {
                output.modes.append(mode)
            }
        case .scale?:
            output.scale = arguments[0].i
        case .name?:
            output.name = arguments[0].s.map { String(cString: $0) }
        case .done?, .description?, nil:
            break
        }
    }

    /// Releases the output (`wl_output.release` from its version, else only the proxy).
    func destroy() {
        if proxy.version >= WaylandRequest.Output.releaseVersion {
            proxy.destroy(sending: WaylandRequest.Output.release)
        } else {
            proxy.destroy()
        }
    }
}

extension WaylandConnection {
    /// The versions this module speaks, at most: it binds the lower of these and the compositor's.
    enum SpokenVersion {
        static let compositor: UInt32 = 4
        static let shm: UInt32 = 1
        static let output: UInt32 = 4
        static let wmBase: UInt32 = 5
        static let presentation: UInt32 = 1
        static let seat: UInt32 = 5
        static let inputTimestampsManager: UInt32 = 1
        static let subcompositor: UInt32 = 1
        static let commitTimingManager: UInt32 = 1
        static let fifoManager: UInt32 = 1
    }

    /// Gets the registry, binds what it advertises, and waits for the bound objects' first events
    /// (outputs' modes, shm formats, the presentation clock).
    func bindGlobals(timeout: Duration) throws(WaylandError) {
        try lock.withLock { () throws(WaylandError) in
            guard
                let registry = displayWrapper.create(
                    WaylandRequest.Display.getRegistry, cwl_interface_wl_registry(),
                    version: displayWrapper.version, [wl_argument(n: 0)])
            else { throw WaylandError.systemCall(name: "wl_display.get_registry", errno: .noMemory) }
            registry.listen { [unowned self] opcode, arguments in handleRegistryEvent(opcode, arguments) }
            self.registry = registry
        }
        try roundtrip(timeout: timeout)
        try roundtrip(timeout: timeout)
    }

    /// `wl_registry.global` binds; `global_remove` forgets. Runs under the lock.
    private func handleRegistryEvent(_ opcode: UInt32, _ arguments: UnsafeMutablePointer<wl_argument>) {
        switch WaylandEvent.Registry(rawValue: opcode) {
        case .global?:
            let name = arguments[0].u
            let interface = arguments[1].s.map { String(cString: $0) } ?? ""
            let version = arguments[2].u
            advertised[name] = WaylandGlobal(name: name, interface: interface, version: version)
            guard !ignoredGlobals.contains(interface) else { return }
            bindLocked(name: name, interface: interface, version: version)
        case .globalRemove?:
            let name = arguments[0].u
            advertised[name] = nil
            outputRecords.removeValue(forKey: name)?.destroy()
            seats.removeValue(forKey: name)?.remove()
            if name == inputTimestampsManagerName {
                // The timestamps objects made with it stay valid (the protocol says so).
                inputTimestampsManager?.destroy(sending: WaylandRequest.InputTimestampsManager.destroy)
                (inputTimestampsManager, inputTimestampsManagerName) = (nil, nil)
            }
        case nil:
            break
        }
    }

    private func bindLocked(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor" where compositor == nil:
            compositor = bind(name, cwl_interface_wl_compositor(), min(version, SpokenVersion.compositor))
        case "wl_shm" where shm == nil:
            shm = bind(name, cwl_interface_wl_shm(), SpokenVersion.shm)
            shm?.listen { [unowned self] _, arguments in shmFormatCodes.insert(arguments[0].u) }
        case "wl_output":
            guard let proxy = bind(name, cwl_interface_wl_output(), min(version, SpokenVersion.output)) else {
                return
            }
            let record = OutputRecord(proxy: proxy, globalName: name)
            proxy.listen { [unowned record] opcode, arguments in record.handle(opcode, arguments) }
            outputRecords[name] = record
        case "xdg_wm_base" where wmBase == nil:
            wmBase = bind(name, cwl_interface_xdg_wm_base(), min(version, SpokenVersion.wmBase))
            // Its one event, ping, answered by a pong with the same serial.
            wmBase?.listen { [unowned self] _, arguments in
                wmBase?.send(WaylandRequest.WmBase.pong, [wl_argument(u: arguments[0].u)])
            }
        case "wp_presentation" where presentation == nil:
            presentation = bind(name, cwl_interface_wp_presentation(), SpokenVersion.presentation)
            presentation?.listen { [unowned self] _, arguments in
                presentationClock = clockid_t(Int32(bitPattern: arguments[0].u))
            }
        case "wl_seat":
            guard let proxy = bind(name, cwl_interface_wl_seat(), min(version, SpokenVersion.seat)) else {
                return
            }
            seats[name] = WaylandSeat(proxy: proxy, number: nextSeatNumber(), connection: self)
        case "zwp_input_timestamps_manager_v1" where inputTimestampsManager == nil:
            inputTimestampsManager = bind(
                name, cwl_interface_zwp_input_timestamps_manager_v1(), SpokenVersion.inputTimestampsManager)
            inputTimestampsManagerName = name
            // A seat bound before it may have its devices already.
            for seat in seats.values { seat.subscribeTimestamps() }
        case "wl_subcompositor" where subcompositor == nil:
            subcompositor = bind(name, cwl_interface_wl_subcompositor(), SpokenVersion.subcompositor)
        case "wp_commit_timing_manager_v1" where commitTimingManager == nil:
            commitTimingManager = bind(
                name, cwl_interface_wp_commit_timing_manager_v1(), SpokenVersion.commitTimingManager)
        case "wp_fifo_manager_v1" where fifoManager == nil:
            fifoManager = bind(name, cwl_interface_wp_fifo_manager_v1(), SpokenVersion.fifoManager)
        default:
            break
        }
    }

    /// `wl_registry.bind(name, interface, version, new_id)`; the new proxy is on the private queue.
    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> Proxy? {
        registry?.create(
            WaylandRequest.Registry.bind, interface, version: version,
            [
                wl_argument(u: name), wl_argument(s: interface.pointee.name), wl_argument(u: version),
                wl_argument(n: 0),
            ])
    }

    /// Destroys the globals' proxies and the registry. Call holding the lock.
    func destroyGlobalsLocked() {
        for record in outputRecords.values { record.destroy() }
        outputRecords = [:]
        for seat in seats.values { seat.destroy() }
        seats = [:]
        inputHandlers = [:]
        inputTimestampsManager?.destroy(sending: WaylandRequest.InputTimestampsManager.destroy)
        (inputTimestampsManager, inputTimestampsManagerName) = (nil, nil)
        commitTimingManager?.destroy(sending: WaylandRequest.CommitTimingManager.destroy)
        fifoManager?.destroy(sending: WaylandRequest.FifoManager.destroy)
        subcompositor?.destroy(sending: WaylandRequest.Subcompositor.destroy)
        (commitTimingManager, fifoManager, subcompositor) = (nil, nil, nil)
        wmBase?.destroy(sending: WaylandRequest.WmBase.destroy)
        presentation?.destroy(sending: WaylandRequest.Presentation.destroy)
        shm?.destroy()
        compositor?.destroy()
        registry?.destroy()
        (wmBase, presentation, shm, compositor, registry) = (nil, nil, nil, nil, nil)
    }

    /// The global name of the output whose proxy is `pointer` (an object argument of an event), or nil
    /// when it is none of this connection's outputs. Call holding the lock.
    func outputNameLocked(proxy pointer: OpaquePointer?) -> UInt32? {
        guard let pointer else { return nil }
        return outputRecords.first { $0.value.proxy.pointer == pointer }?.key
    }

    /// The proxy of a global a call needs, or ``WaylandError/missingGlobal(interface:version:)``.
    func requireLocked(_ proxy: Proxy?, _ interface: String) throws(WaylandError) -> Proxy {
        guard let proxy else { throw .missingGlobal(interface: interface, version: 1) }
        return proxy
    }
}
