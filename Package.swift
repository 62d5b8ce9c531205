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
        .library(name: "MediaTiming", targets: ["MediaTiming"]),
        .library(name: "LayerRendering", targets: ["LayerRendering"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1")
    ],
    targets: [
        // MARK: C at the bottom
        .target(name: "CLinuxShims", path: "Sources/CLinuxShims"),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),

        // MARK: The timing model (pure Swift) and drawing it
        .target(name: "MediaTiming", swiftSettings: strict),
        .target(name: "LayerRendering", dependencies: ["MediaTiming", "CCairo"], swiftSettings: strict),

        // MARK: Tests
        .testTarget(
            name: "MediaTimingTests",
            dependencies: [
                "MediaTiming",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LayerRenderingTests", dependencies: ["LayerRendering", "MediaTiming"],
            swiftSettings: strict),
    ]
)
