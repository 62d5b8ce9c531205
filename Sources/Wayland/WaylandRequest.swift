/// A request of one Wayland interface, by its opcode: its place among the interface's requests in
/// the protocol's XML (`wayland.xml`, `xdg-shell.xml`, `presentation-time.xml`).
protocol WaylandRequestOpcode: RawRepresentable<UInt32>, CaseIterable {}

/// The requests this module sends, an enum of named opcodes per interface.
///
/// ```swift
/// surface.send(WaylandRequest.Surface.commit)
/// ```
enum WaylandRequest {
    /// `wl_display`.
    enum Display: UInt32, WaylandRequestOpcode {
        /// A callback done once everything sent before it is handled.
        case sync = 0
        case getRegistry = 1
    }

    /// `wl_registry`.
    enum Registry: UInt32, WaylandRequestOpcode {
        /// Name, interface, version, new object.
        case bind = 0
    }

    /// `wl_compositor`.
    enum Compositor: UInt32, WaylandRequestOpcode {
        case createSurface = 0
    }

    /// `wl_shm`.
    enum Shm: UInt32, WaylandRequestOpcode {
        /// New pool, file descriptor, size.
        case createPool = 0
    }

    /// `wl_shm_pool`.
    enum ShmPool: UInt32, WaylandRequestOpcode {
        /// New buffer, offset, width, height, stride, format.
        case createBuffer = 0
        case destroy = 1
    }

    /// `wl_buffer`.
    enum Buffer: UInt32, WaylandRequestOpcode {
        case destroy = 0
    }

    /// `wl_surface`.
    enum Surface: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// Buffer (or null), x, y.
        case attach = 1
        /// A rectangle in surface coordinates.
        case damage = 2
        /// A callback for the next commit.
        case frame = 3
        case commit = 6
        /// A rectangle in buffer coordinates, from ``damageBufferVersion``.
        case damageBuffer = 9

        /// The first `wl_surface` version with `damage_buffer`.
        static let damageBufferVersion: UInt32 = 4
    }

    /// `wl_output`.
    enum Output: UInt32, WaylandRequestOpcode {
        /// From ``releaseVersion``.
        case release = 0

        /// The first `wl_output` version with `release`.
        static let releaseVersion: UInt32 = 3
    }

    /// `xdg_wm_base`.
    enum WmBase: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// New xdg_surface, surface.
        case getXdgSurface = 2
        /// The serial of the `ping` it answers.
        case pong = 3
    }

    /// `xdg_surface`.
    enum XdgSurface: UInt32, WaylandRequestOpcode {
        case destroy = 0
        case getToplevel = 1
        /// The serial of the `configure` it acknowledges.
        case ackConfigure = 4
    }

    /// `xdg_toplevel`.
    enum XdgToplevel: UInt32, WaylandRequestOpcode {
        case destroy = 0
        case setTitle = 2
        case setAppID = 3
        /// An output, or null for one the compositor chooses.
        case setFullscreen = 11
        case unsetFullscreen = 12
    }

    /// `wp_presentation`.
    enum Presentation: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// Surface, new feedback.
        case feedback = 1
    }

    /// `wl_subcompositor`.
    enum Subcompositor: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// New subsurface, surface, parent.
        case getSubsurface = 1
    }

    /// `wl_subsurface`.
    enum Subsurface: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// Its commits apply at once, not with the parent's.
        case setDesync = 5
    }

    /// `wp_commit_timing_manager_v1`.
    enum CommitTimingManager: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// New timer, surface.
        case getTimer = 1
    }

    /// `wp_commit_timer_v1`.
    enum CommitTimer: UInt32, WaylandRequestOpcode {
        /// Seconds (high and low 32 bits) and nanoseconds on the presentation clock.
        case setTimestamp = 0
        case destroy = 1
    }

    /// `wp_fifo_manager_v1`.
    enum FifoManager: UInt32, WaylandRequestOpcode {
        case destroy = 0
        /// New fifo, surface.
        case getFifo = 1
    }

    /// `wp_fifo_v1`.
    enum Fifo: UInt32, WaylandRequestOpcode {
        case setBarrier = 0
        case waitBarrier = 1
        case destroy = 2
    }
}
