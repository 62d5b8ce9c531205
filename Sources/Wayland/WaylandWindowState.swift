/// Where a ``WaylandWindow`` is in its life, and what it and its compositor asked of each other, as
/// one value: no two flags can disagree.
///
/// ```
/// awaitingConfigure ─configure→ configured ─commit with a buffer→ mapped
/// mapped ─unmap→ hidden(configured: false) ─configure→ hidden(configured: true)
/// hidden ─remap→ configured ─commit with a buffer→ mapped
/// any ─close→ closed
/// ```
struct WaylandWindowState: Equatable, Sendable {
    /// The window's stage.
    enum Stage: Equatable, Sendable {
        /// The initial commit is made and no `configure` has answered it: no buffer may be attached.
        case awaitingConfigure
        /// Configured, no buffer committed yet: the first commit after a draw maps the window.
        case configured
        /// A buffer is committed: the window's content is shown.
        case mapped
        /// Hidden by ``WaylandWindow/unmap()`` until ``WaylandWindow/remap(timeout:)``: commits carry
        /// no buffer, even once a `configure` has come (`configured`; mutter answers each buffer-less
        /// commit of an unmapped window with one).
        case hidden(configured: Bool)
        /// Closed: nothing more is sent.
        case closed
    }

    /// The window's stage.
    private(set) var stage = Stage.awaitingConfigure
    /// Whether the compositor asked the window to close; apart from the stage because it may ask in
    /// any, and the window stays there until its owner closes it.
    private(set) var isCloseRequested = false
    /// Whether the window asked to be full screen and has not asked back; apart from the stage
    /// because it records the window's last request, whichever stage it was made in.
    var isFullscreen = false

    /// Whether the window's content is shown.
    var isMapped: Bool { stage == .mapped }

    /// Whether the window is closed.
    var isClosed: Bool { stage == .closed }

    /// Whether a commit may attach a buffer: configured, and not hidden.
    var mayAttach: Bool { stage == .configured || stage == .mapped }

    /// Whether the window waits for a `configure` before it may attach a buffer.
    var isAwaitingConfigure: Bool {
        stage == .awaitingConfigure || stage == .hidden(configured: false)
    }

    /// A `configure` arrived (and was acknowledged).
    mutating func configure() {
        switch stage {
        case .awaitingConfigure: stage = .configured
        case .hidden: stage = .hidden(configured: true)
        case .configured, .mapped, .closed: break
        }
    }

    /// A commit attached a buffer.
    mutating func attach() {
        guard stage != .closed else { return }
        stage = .mapped
    }

    /// The window was unmapped: it needs a new initial commit and `configure` before a buffer.
    mutating func unmap() {
        guard stage != .closed else { return }
        stage = .hidden(configured: false)
    }

    /// The window is shown again (``WaylandWindow/remap(timeout:)``), before its buffer is attached.
    mutating func remap() {
        guard stage != .closed else { return }
        stage = .configured
    }

    /// The compositor asked the window to close (`xdg_toplevel.close`).
    mutating func requestClose() {
        isCloseRequested = true
    }

    /// The window was closed.
    mutating func close() {
        stage = .closed
    }
}
