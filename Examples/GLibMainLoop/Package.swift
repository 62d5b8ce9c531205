// swift-tools-version: 6.1
// An adopter with the GLibMainLoop trait on: its main thread runs a GLib main loop and MainActor work
// still runs (FrameClockGLib). glib-main-loop-check hops to MainActor from a detached task, measures
// the latency against the 50 ms polling workaround, runs a display link on the loop, and tries the
// bad inputs.
import PackageDescription

let package = Package(
    name: "GLibMainLoop",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "glib-main-loop-check", targets: ["GLibMainLoopCheck"])],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main", traits: ["GLibMainLoop"]),
        .package(name: "FrameClock", path: "../..", traits: ["GLibMainLoop"])
    ],
    targets: [
        // GLib for the check's own calls: the polling workaround it measures against, and a
        // thread-identity test.
        .systemLibrary(
            name: "CGLibCheck", path: "Sources/CGLibCheck", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .executableTarget(
            name: "GLibMainLoopCheck",
            dependencies: [
                "CGLibCheck", .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "FrameClockGLib", package: "FrameClock"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
