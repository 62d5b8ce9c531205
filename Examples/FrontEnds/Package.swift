// swift-tools-version: 6.1
// The front ends that need a large system library, one product each, in one package so that CI
// builds FrameClock for them once. Each product links only what its target uses:
//   glib-main-loop-check  Swift concurrency on a GLib main loop (FrameClockGLib, GLib)
//   gtk-clock             the clock ring in GTK 4, on GTK's loop and frame clock (GTK 4)
//   gles-clock            OpenGL ES shaders on a Wayland window, paced by the link (EGL, GLES)
//   x11-gles-clock        OpenGL ES on an X11 window (Mesa's EGL, platform XCB), paced by the link
//   vulkan-clock          a Vulkan swapchain on a Wayland window, paced by the link (Vulkan)
//   glfw-clock            a window GLFW made, adopted by the link, swapped by GLFW (GLFW, GLES)
//   pull-to-refresh       a list header pulled by a drag, input resampled to each frame (Cairo)
// FrameClock's traits here are what the union of them needs; an adopter of one lists only its own
// (GLibMainLoop for a GLib or GTK program, EGLSurfaces for OpenGL ES, none beside the defaults for
// Vulkan or Cairo), as each target's comment says.
import PackageDescription

let frameClock = "FrameClock"
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "FrontEnds",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "glib-main-loop-check", targets: ["GLibMainLoopCheck"]),
        .executable(name: "gtk-clock", targets: ["GTKClock"]),
        .executable(name: "gles-clock", targets: ["GLESClock"]),
        .executable(name: "x11-gles-clock", targets: ["X11GLESClock"]),
        .executable(name: "vulkan-clock", targets: ["VulkanClock"]),
        .executable(name: "glfw-clock", targets: ["GLFWClock"]),
        .executable(name: "pull-to-refresh", targets: ["PullToRefresh"]),
    ],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main", traits: [.defaults, "GLibMainLoop", "EGLSurfaces"]),
        .package(name: frameClock, path: "../..", traits: [.defaults, "GLibMainLoop", "EGLSurfaces"])
    ],
    targets: [
        // An adopter with the GLibMainLoop trait on: its main thread runs a GLib main loop and
        // MainActor work still runs. The check hops to MainActor from a detached task, measures the
        // latency against the 50 ms polling workaround, runs a display link on the loop, and tries
        // the bad inputs. GLib for the check's own calls (the polling workaround, thread identity).
        .systemLibrary(
            name: "CGLibCheck", path: "Sources/CGLibCheck", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .executableTarget(
            name: "GLibMainLoopCheck",
            dependencies: [
                "CGLibCheck", .product(name: "FrameClock", package: frameClock),
                .product(name: "FrameClockGLib", package: frameClock),
            ],
            swiftSettings: strict),
        // A GTK 4 front end (trait GLibMainLoop): the clock ring in a GTK drawing area, animated
        // through FrameClock on GTK's own main loop and frame clock, its state on MainActor; a button
        // starts a 2 s blocking fetch off the main thread whose result comes back on MainActor.
        .systemLibrary(
            name: "CGTK", path: "Sources/CGTK", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .executableTarget(
            name: "GTKClock",
            dependencies: [
                "CGTK",
                .product(name: "FrameClock", package: frameClock),
                .product(name: "FrameClockGLib", package: frameClock),
                .product(name: "MediaTiming", package: frameClock),
                .product(name: "Wayland", package: frameClock),
            ],
            swiftSettings: strict),
        // An OpenGL ES front end (trait EGLSurfaces): the clock ring drawn by shaders into an EGL
        // window surface on a Wayland window, paced by the display link (swap interval 0).
        .systemLibrary(
            name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2",
            providers: [.apt(["libgles2-mesa-dev"])]),
        .executableTarget(
            name: "GLESClock",
            dependencies: [
                "CGLES",
                .product(name: "FrameClock", package: frameClock),
                .product(name: "MediaTiming", package: frameClock),
                .product(name: "Wayland", package: frameClock),
                .product(name: "WaylandEGL", package: frameClock),
            ],
            swiftSettings: strict),
        // OpenGL ES on an X11 window (trait EGLSurfaces beside the default X11Backend): frames drawn
        // through Mesa's EGL onto FrameClock's own X11Window or a toolkit's window adopted by its XID,
        // paced by the display link on the window (swap interval 0, the render deadline).
        .executableTarget(
            name: "X11GLESClock",
            dependencies: [
                "CGLES",
                .product(name: "FrameClock", package: frameClock),
                .product(name: "X11", package: frameClock),
                .product(name: "X11EGL", package: frameClock),
            ],
            swiftSettings: strict),
        // A Vulkan front end (the default traits): a swapchain on a Wayland window's surface in
        // MAILBOX, each frame cleared to a colour that tells the time. Vulkan is linked only here.
        .systemLibrary(
            name: "CVulkan", path: "Sources/CVulkan", pkgConfig: "vulkan",
            providers: [.apt(["libvulkan-dev"])]),
        .executableTarget(
            name: "VulkanClock",
            dependencies: [
                "CVulkan",
                .product(name: "FrameClock", package: frameClock),
                .product(name: "Wayland", package: frameClock),
            ],
            swiftSettings: strict),
        // A window GLFW made (the default traits): its Wayland surface adopted by the link with
        // .wayland(display:surface:), its EGL context swapped by GLFW in the link's callbacks, as an
        // adopter of GLFW paces it. GLFW's Wayland build (Debian's libglfw3-wayland) and GLES.
        .systemLibrary(
            name: "CGLFW", path: "Sources/CGLFW", pkgConfig: "glfw3",
            providers: [.apt(["libglfw3-dev", "libglfw3-wayland"])]),
        .executableTarget(
            name: "GLFWClock",
            dependencies: [
                "CGLFW",
                .product(name: "FrameClock", package: frameClock),
            ],
            swiftSettings: strict),
        // The pull-to-refresh (the default traits): a list's header pulled down by a drag on a
        // Wayland window, the arrow turning over past the threshold, a spinner through a refresh done
        // off the frame thread, and the header springing back with the release velocity.
        .executableTarget(
            name: "PullToRefresh",
            dependencies: [
                .product(name: "FrameClock", package: frameClock),
                .product(name: "LayerRendering", package: frameClock),
                .product(name: "MediaTiming", package: frameClock),
                .product(name: "Wayland", package: frameClock),
            ],
            swiftSettings: strict),
    ]
)
