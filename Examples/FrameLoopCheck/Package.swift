// swift-tools-version: 6.1
// Issue "One frame loop", checked as a user sees it: a separate package that uses FrameClock's public
// API only, built in release. `swift run -c release frame-loop-check` prints what it found.
import PackageDescription

let package = Package(
    name: "FrameLoopCheck",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FrameClock", path: "../..")],
    targets: [
        .executableTarget(
            name: "FrameLoopCheck",
            dependencies: [.product(name: "FrameClock", package: "FrameClock")],
            swiftSettings: [.swiftLanguageMode(.v6)])
    ]
)
