// swift-tools-version: 6.1
// OpenGL ES on an X11 window: frames drawn through Mesa's EGL (platform XCB) onto FrameClock's own
// X11Window or a toolkit's window adopted by its XID, paced by the display link on the window (swap
// interval 0, the render deadline). EGL and GLES are built and linked only here (FrameClock's
// EGLSurfaces trait, beside its default X11Backend).
import PackageDescription

let package = Package(
    name: "X11GLESClock",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "x11-gles-clock", targets: ["X11GLESClock"])],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main", traits: [.defaults, "EGLSurfaces"]),
        .package(name: "FrameClock", path: "../..", traits: [.defaults, "EGLSurfaces"])
    ],
    targets: [
        .systemLibrary(
            name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2",
            providers: [.apt(["libgles2-mesa-dev"])]),
        .executableTarget(
            name: "X11GLESClock",
            dependencies: [
                "CGLES",
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "X11", package: "FrameClock"),
                .product(name: "X11EGL", package: "FrameClock"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
