/// The name and version of the kernel driver behind a DRM device (for vkms: `"vkms"`).
public struct DRMDriverVersion: Hashable, Sendable, CustomStringConvertible {
    /// The driver's short name, for example `"vkms"` or `"i915"`.
    public var name: String
    /// The driver's one-line description.
    public var description: String
    /// The driver's date string.
    public var date: String
    /// Major version.
    public var major: Int
    /// Minor version.
    public var minor: Int
    /// Patch level.
    public var patch: Int

    /// Creates a version record.
    public init(name: String, description: String, date: String, major: Int, minor: Int, patch: Int) {
        self.name = name
        self.description = description
        self.date = date
        self.major = major
        self.minor = minor
        self.patch = patch
    }
}
