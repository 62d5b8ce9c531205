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
        .library(name: "FrameClock", targets: ["FrameClock"]),
        .library(name: "DRM", targets: ["DRM"]),
        .executable(name: "clock-demo", targets: ["ClockDemo"]),
        .executable(name: "vblank-latency", targets: ["VBlankLatency"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
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

        // MARK: Libraries
        .target(
            name: "FrameClock",
            dependencies: [
                "CLinuxShims",
                "DRM",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),

        // MARK: Executables
        .executableTarget(
            name: "ClockDemo",
            dependencies: [
                "FrameClock",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/ClockDemo",
            swiftSettings: strict
        ),

        // MARK: Benchmarks
        .target(name: "CVBlankLoop", dependencies: ["CDRM"], path: "Benchmarks/CVBlankLoop"),
        .executableTarget(
            name: "VBlankLatency",
            dependencies: [
                "CVBlankLoop", "DRM", "FrameClock",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/VBlankLatency",
            swiftSettings: strict
        ),

        // MARK: Tests
        .testTarget(
            name: "FrameClockTests",
            dependencies: ["FrameClock"],
            swiftSettings: strict
        ),
        .testTarget(name: "DRMTests", dependencies: ["DRM"], path: "Tests/DRMTests", swiftSettings: strict),
        // Run inside the vkms guest (Tests/VKMS/run-vkms-tests.sh); skipped elsewhere.
        .testTarget(
            name: "DRMIntegrationTests", dependencies: ["DRM", "FrameClock"], path: "Tests/DRMIntegrationTests",
            swiftSettings: strict),
    ]
)
