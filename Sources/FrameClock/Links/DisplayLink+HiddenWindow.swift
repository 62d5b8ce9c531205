extension DisplayLink {
    /// What the link's source does while its Wayland window is hidden (its frame callbacks stopped):
    /// tick on at the output's rate (``HiddenWindowPolicy/keepRate``, the default), at a reduced rate
    /// on the same grid, or not at all until the window is shown again.
    ///
    /// The policy is the source's: links that share a source (one window, one frame thread) share
    /// it, and the last one set applies to all of them. It takes effect at the frame thread's next
    /// wait, also while the window is hidden; ``sourceInfo`` and ``sourceChanges`` say which policy
    /// applies while the window is hidden (``FrameSourceInfo/hiddenWindow``). Sources other than a
    /// Wayland window keep it without effect. See <doc:WaylandPacing>.
    public var hiddenWindowPolicy: HiddenWindowPolicy {
        get { driver.hiddenWindowPolicy }
        set { driver.hiddenWindowPolicy = newValue }
    }
}
