// swift-tools-version: 6.1
// An OpenGL ES front end: the clock ring drawn by shaders into an EGL window surface on a Wayland
// window, paced by FrameClock's display link (swap interval 0), animated by MediaTiming. EGL and GLES
// are built and linked only here (FrameClock's EGLSurfaces trait).
import PackageDescription

let package = Package(
    name: "GLESClock",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "gles-clock", targets: ["GLESClock"])],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main", traits: [.defaults, "EGLSurfaces"]),
        .package(name: "FrameClock", path: "../..", traits: [.defaults, "EGLSurfaces"])
    ],
    targets: [
        .systemLibrary(
            name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2",
            providers: [.apt(["libgles2-mesa-dev"])]),
        .executableTarget(
            name: "GLESClock",
            dependencies: [
                "CGLES",
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "MediaTiming", package: "FrameClock"),
                .product(name: "Wayland", package: "FrameClock"),
                .product(name: "WaylandEGL", package: "FrameClock"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
