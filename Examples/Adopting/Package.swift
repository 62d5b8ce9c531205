// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "MyAnimations",
    platforms: [.macOS(.v15)],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main"),
        .package(name: "FrameClock", path: "../.."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),  // to route FrameClock's log
    ],
    targets: [
        .executableTarget(
            name: "OfflineRender",
            dependencies: [
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "MediaTiming", package: "FrameClock"),
                .product(name: "LayerRendering", package: "FrameClock"),
            ]),
        .executableTarget(
            name: "LiveClock",
            dependencies: [
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "MediaTiming", package: "FrameClock"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "VideoPictures",
            dependencies: [.product(name: "FrameClock", package: "FrameClock")]),
        .executableTarget(
            name: "PollLoopClock",
            dependencies: [
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "MediaTiming", package: "FrameClock"),
            ]),
    ]
)
