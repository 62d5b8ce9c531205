#if canImport(Glibc)
    import Glibc
#endif

/// Where libwayland looks for a compositor's socket, for messages: the name (nil: `$WAYLAND_DISPLAY`,
/// else `wayland-0`) as it is when absolute, else inside `$XDG_RUNTIME_DIR`.
enum WaylandSocketPath {
    /// The path `name` resolves to, or a sentence when `XDG_RUNTIME_DIR` is missing.
    static func resolve(_ name: String?) -> String {
        let display = name ?? environment("WAYLAND_DISPLAY") ?? "wayland-0"
        if display.hasPrefix("/") { return display }
        guard let runtimeDirectory = environment("XDG_RUNTIME_DIR"), runtimeDirectory.hasPrefix("/") else {
            return "\(display) (XDG_RUNTIME_DIR is not set)"
        }
        return runtimeDirectory.hasSuffix("/") ? runtimeDirectory + display : runtimeDirectory + "/" + display
    }

    private static func environment(_ variable: String) -> String? {
        guard let value = getenv(variable) else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}
