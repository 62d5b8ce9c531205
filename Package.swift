// swift-tools-version: 6.1
// FrameClock: a display link for Linux (DRM vblank or a phase-locked monotonic timer) and a
// Core-Animation-style timing model. Imports run one way: C targets at the bottom, DRM above them,
// FrameClock and MediaTiming independent of each other, rendering above MediaTiming, executables on top.

import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "FrameClock",
    platforms: [.macOS(.v15)],
    products: [],
    dependencies: [],
    targets: [
        // MARK: C at the bottom
        .target(name: "CLinuxShims", path: "Sources/CLinuxShims"),
    ]
)
