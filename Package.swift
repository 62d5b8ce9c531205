// swift-tools-version: 6.1
// FrameClock: a display link for Linux (DRM vblank or a phase-locked monotonic timer) and a
// Core-Animation-style timing model. Imports run one way: C targets at the bottom, DRM above them,
// FrameClock and MediaTiming independent of each other, rendering above MediaTiming, executables on top.

import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "FrameClock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "DRM", targets: ["DRM"])
    ],
    dependencies: [],
    targets: [
        // MARK: C at the bottom
        .target(name: "CLinuxShims", path: "Sources/CLinuxShims"),
        .systemLibrary(
            name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]),
        .target(name: "CDRMShims", dependencies: ["CDRM"], path: "Sources/CDRMShims"),

        // MARK: DRM: the Swift face of libdrm
        .target(
            name: "DRM", dependencies: ["CDRM", "CDRMShims"], path: "Sources/DRM", swiftSettings: strict),
        .testTarget(name: "DRMTests", dependencies: ["DRM"], path: "Tests/DRMTests", swiftSettings: strict),
        // Run inside the vkms guest (Tests/VKMS/run-vkms-tests.sh); skipped elsewhere.
        .testTarget(
            name: "DRMIntegrationTests", dependencies: ["DRM"], path: "Tests/DRMIntegrationTests",
            exclude: [], swiftSettings: strict),
    ]
)
