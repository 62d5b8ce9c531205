// swift-tools-version: 6.1
// A program that needs no display: FrameClock with its display backends (the DRM and Wayland traits)
// turned off, so it builds without libdrm-dev or libwayland-dev and its binary links neither library.
import PackageDescription

let package = Package(
    name: "TimerOnly",
    platforms: [.macOS(.v15)],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main", traits: []),
        .package(name: "FrameClock", path: "../..", traits: [])
    ],
    targets: [
        .executableTarget(
            name: "TimerOnly",
            dependencies: [.product(name: "FrameClock", package: "FrameClock")])
    ]
)
