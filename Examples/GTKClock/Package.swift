// swift-tools-version: 6.1
// A GTK 4 front end: the clock ring in a GTK drawing area, animated through FrameClock on GTK's own
// main loop and frame clock, its state on MainActor; a button starts a 2 s blocking fetch off the
// main thread whose result comes back with `await MainActor.run`. GTK is built only here.
import PackageDescription

let package = Package(
    name: "GTKClock",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "gtk-clock", targets: ["GTKClock"])],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main", traits: ["GLibMainLoop"]),
        .package(name: "FrameClock", path: "../..", traits: ["GLibMainLoop"])
    ],
    targets: [
        .systemLibrary(
            name: "CGTK", path: "Sources/CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "GTKClock",
            dependencies: [
                "CGTK",
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "FrameClockGLib", package: "FrameClock"),
                .product(name: "MediaTiming", package: "FrameClock"),
                .product(name: "Wayland", package: "FrameClock"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
