// swift-tools-version: 6.1
// The pull-to-refresh: a list's header pulled down by a drag on a Wayland window, the arrow turning
// over past the threshold, a spinner through a refresh done off the frame thread, and the header
// springing back with the release velocity; input, animation and drawing paced by one display link.
import PackageDescription

let package = Package(
    name: "PullToRefresh",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "pull-to-refresh", targets: ["PullToRefresh"])],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main"),
        .package(name: "FrameClock", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "PullToRefresh",
            dependencies: [
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "LayerRendering", package: "FrameClock"),
                .product(name: "MediaTiming", package: "FrameClock"),
                .product(name: "Wayland", package: "FrameClock"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)])
    ]
)
