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
        .library(name: "MediaTiming", targets: ["MediaTiming"]),
        .library(name: "LayerRendering", targets: ["LayerRendering"]),
        .library(name: "KMSPresentation", targets: ["KMSPresentation"]),
        .library(name: "Wayland", targets: ["Wayland"]),
        .library(name: "X11", targets: ["X11"]),
        .library(name: "FrameClockGLib", targets: ["FrameClockGLib"]),
        .library(name: "WaylandEGL", targets: ["WaylandEGL"]),
        .library(name: "X11EGL", targets: ["X11EGL"]),
        .executable(name: "clock-demo", targets: ["ClockDemo"]),
        .executable(name: "spinner-frames", targets: ["SpinnerFrames"]),
        .executable(name: "scene-actor-demo", targets: ["SceneActorDemo"]),
        .executable(name: "frame-bench", targets: ["FrameBench"]),
        .executable(name: "vblank-latency", targets: ["VBlankLatency"]),
    ],
    // The display backends: on by default. An adopter that needs no display (the timer, the manual
    // source, OfflineFrames) turns them off — `.package(url: …, from: …, traits: [])` — and builds
    // without libdrm-dev or libwayland-dev and links neither library.
    traits: [
        .trait(
            name: "DRMBackend",
            description:
                "Display links on a display's vertical blank through DRM (needs libdrm-dev to build)."),
        .trait(
            name: "WaylandBackend",
            description:
                "Display links on a Wayland window's frame callbacks and presentation feedback (needs libwayland-dev)."
        ),
        // On by default, as the other display backends: X11 sessions and every XWayland client (SDL 2
        // and GLFW programs pick X11 unless told otherwise) are where many front ends still run, and
        // libxcb-present-dev is in Tests/install-system-packages.sh's build list. An adopter that
        // needs no X11 turns it off and links no xcb library.
        .trait(
            name: "X11Backend",
            description:
                "Display links on an X11 window, paced by the Present extension (needs libxcb1-dev, libxcb-present-dev)."
        ),
        // Off by default: only a program whose main thread runs a GLib main loop (every GTK program)
        // builds and links GLib.
        .trait(
            name: "GLibMainLoop",
            description:
                "The dispatch main queue, and so MainActor, run from a GLib main context (needs libglib2.0-dev)."
        ),
        // Off by default: only a front end that draws with OpenGL ES builds and links EGL.
        .trait(
            name: "EGLSurfaces",
            description:
                "EGL window surfaces for OpenGL ES on a Wayland or X11 window, paced by the link (needs libegl1-mesa-dev, libgles2-mesa-dev)."
        ),
        .default(enabledTraits: ["DRMBackend", "WaylandBackend", "X11Backend"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: C at the bottom
        .target(name: "CLinuxShims", path: "Sources/CLinuxShims"),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]),
        .target(name: "CDRMShims", dependencies: ["CDRM"], path: "Sources/CDRMShims"),
        .systemLibrary(
            name: "CUnwind", path: "Sources/CUnwind", pkgConfig: "libunwind-generic",
            providers: [.apt(["libunwind-dev"])]),
        // A blocked thread's stack walked from outside it (libunwind over our own memory): what a
        // stall report shows without signalling, and so without interrupting, the stalled thread.
        .target(name: "CBlockedStack", dependencies: ["CUnwind"], path: "Sources/CBlockedStack"),
        // The Linux call layer (package access only): the errno funnel every C-calling module goes
        // through, and eventfd, timerfd, the kernel's clocks, poll with a deadline, a wake signal.
        .target(
            name: "SystemCalls",
            dependencies: ["CLinuxShims", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        // The package's one lock: a pthread mutex, which the thread sanitizer understands (package
        // access only).
        .target(name: "PthreadLock", swiftSettings: strict),
        .systemLibrary(
            name: "CWayland", path: "Sources/CWayland", pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(
            name: "CGLib", path: "Sources/CGLib", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl glesv2 wayland-egl",
            providers: [.apt(["libegl1-mesa-dev", "libgles2-mesa-dev", "libwayland-dev"])]),
        // Interface tables (xdg-shell, presentation-time, input-timestamps) generated by
        // wayland-scanner and checked in (Tests/Wayland/check-generated-protocols.sh); generated/ is
        // compiled through xdg-shell.c, presentation-time.c and input-timestamps.c. Wayland's Linux
        // calls go through SystemCalls.
        .target(
            name: "CWaylandProtocols", dependencies: ["CWayland"], path: "Sources/CWaylandProtocols",
            exclude: ["generated"]),
        .systemLibrary(
            name: "CXCB", path: "Sources/CXCB", pkgConfig: "xcb xcb-present",
            providers: [.apt(["libxcb1-dev", "libxcb-present-dev"])]),
        // Present's events unpacked (their C structs are packed) and its extension id.
        .target(name: "CXCBShims", dependencies: ["CXCB"], path: "Sources/CXCBShims"),

        // MARK: DRM: the Swift face of libdrm
        .target(
            name: "DRM",
            dependencies: [
                "CDRM", "CDRMShims", "SystemCalls", .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Sources/DRM", swiftSettings: strict),

        // MARK: Wayland: the Swift face of libwayland-client
        .target(
            name: "Wayland",
            dependencies: [
                "CWayland", "CWaylandProtocols", "SystemCalls", "PthreadLock",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),

        // MARK: X11: the Swift face of libxcb and its Present extension
        .target(
            name: "X11",
            dependencies: [
                "CXCB", "CXCBShims", "SystemCalls", "PthreadLock",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),

        // MARK: The display link
        .target(
            name: "FrameClock",
            dependencies: [
                "CLinuxShims",
                "CBlockedStack",
                .target(name: "DRM", condition: .when(traits: ["DRMBackend"])),
                .target(name: "Wayland", condition: .when(traits: ["WaylandBackend"])),
                .target(name: "X11", condition: .when(traits: ["X11Backend"])),
                "SystemCalls",
                "PthreadLock",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),

        // MARK: Swift concurrency on a GLib main loop (empty without the GLibMainLoop trait)
        .target(
            name: "FrameClockGLib",
            dependencies: [
                "FrameClock", .target(name: "CGLib", condition: .when(traits: ["GLibMainLoop"])),
            ],
            swiftSettings: strict),

        // MARK: OpenGL ES on a Wayland window (empty without the EGLSurfaces trait)
        .target(
            name: "WaylandEGL",
            dependencies: [
                "Wayland", "SystemCalls", .target(name: "CEGL", condition: .when(traits: ["EGLSurfaces"])),
            ],
            swiftSettings: strict),

        // MARK: OpenGL ES on an X11 window (empty without the EGLSurfaces and X11Backend traits); its EGL
        // error codes are WaylandEGL's.
        .target(
            name: "X11EGL",
            dependencies: [
                "SystemCalls",
                .target(name: "X11", condition: .when(traits: ["X11Backend"])),
                .target(name: "WaylandEGL", condition: .when(traits: ["EGLSurfaces"])),
                .target(name: "CEGL", condition: .when(traits: ["EGLSurfaces"])),
            ],
            swiftSettings: strict),

        // MARK: Presenting on a display (above FrameClock and DRM: it needs both)
        .target(
            name: "KMSPresentation",
            dependencies: ["DRM", "FrameClock", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),

        // MARK: The timing model (pure Swift) and drawing it
        .target(name: "MediaTiming", dependencies: ["PthreadLock"], swiftSettings: strict),
        .target(name: "LayerRendering", dependencies: ["MediaTiming", "CCairo"], swiftSettings: strict),

        // MARK: Executables
        // A host-name lookup through getaddrinfo, blocking as a front end's does: what clock-demo's
        // and frame-bench's lookup scenarios run (package access only).
        .target(
            name: "HostLookup", dependencies: ["FrameClock"], path: "Examples/HostLookup",
            swiftSettings: strict),
        // clock-demo's face, a seconds ring drawn with Cairo, shared with the tests and benchmarks that
        // draw it (package access only: it is the demo's, not part of LayerRendering's API).
        .target(
            name: "DemoClockFace", dependencies: ["LayerRendering", "MediaTiming"],
            path: "Examples/DemoClockFace", swiftSettings: strict),
        .executableTarget(
            name: "ClockDemo",
            dependencies: [
                "FrameClock",
                "HostLookup",
                "DemoClockFace",
                "DRM",
                "KMSPresentation",
                "MediaTiming",
                "LayerRendering",
                "Wayland",
                "X11",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Examples/ClockDemo",
            swiftSettings: strict,
            // Its functions in the dynamic symbol table: a stall report names them (dladdr), not
            // only the C library's.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        // An activity spinner from a replicator layer, as PNG frames (docs/spinner.png).
        .executableTarget(
            name: "SpinnerFrames", dependencies: ["MediaTiming", "LayerRendering"],
            path: "Examples/SpinnerFrames",
            swiftSettings: strict),
        // A front end the actor way: a spinner on the frame thread, a slow fetch off it, its result
        // applied on the scene actor between frames (DocC: "Living on the frame thread").
        .executableTarget(
            name: "SceneActorDemo", dependencies: ["FrameClock", "MediaTiming"],
            path: "Examples/SceneActorDemo",
            swiftSettings: strict),
        .executableTarget(
            name: "FrameBench",
            dependencies: [
                "FrameClock",
                "FrameClockGLib",
                .target(name: "CGLib", condition: .when(traits: ["GLibMainLoop"])),
                "WaylandEGL",
                .target(name: "CEGL", condition: .when(traits: ["EGLSurfaces"])),
                .target(name: "X11", condition: .when(traits: ["X11Backend"])),
                .target(name: "X11EGL", condition: .when(traits: ["EGLSurfaces"])),
                "HostLookup",
                "KMSPresentation",
                "Wayland",
                "WestonFixture",
                "CLinuxShims",
                "CCairo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/Commands/FrameBench",
            exclude: ["README.md"],
            swiftSettings: strict
        ),

        .executableTarget(
            name: "FrameClockBenchmarks",
            dependencies: [
                "FrameClock",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FrameClockBenchmarks",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "MediaTimingBenchmarks",
            dependencies: [
                "MediaTiming",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MediaTimingBenchmarks",
            exclude: ["count-instructions.sh"],
            swiftSettings: strict
        ),

        // Drawing per frame: Cairo and the terminal's half-block encoding at 100 × 40 cells.
        .executableTarget(
            name: "RenderingBenchmarks",
            dependencies: [
                "DemoClockFace",
                "LayerRendering",
                "MediaTiming",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RenderingBenchmarks",
            swiftSettings: strict
        ),

        // MARK: Benchmarks
        .target(name: "CVBlankLoop", dependencies: ["CDRM"], path: "Benchmarks/Commands/CVBlankLoop"),
        .executableTarget(
            name: "VBlankLatency",
            dependencies: [
                "CVBlankLoop", "DRM", "FrameClock",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/Commands/VBlankLatency",
            swiftSettings: strict
        ),

        // MARK: Tests
        // What several test targets share: a seeded generator, a frame recorder, a log capture, a
        // real-time wait, the real-time figures' report.
        .target(
            name: "TestSupport",
            dependencies: ["FrameClock", .product(name: "Logging", package: "swift-log")],
            path: "Tests/TestSupport", swiftSettings: strict),
        // A kernel in virtual time behind the tick sources' system-call seam (DRM vblanks, timerfd):
        // what the fault tests and the Wayland tick source's tests run on (their `@testable import`).
        .target(
            name: "VirtualKernel",
            dependencies: ["FrameClock", "DRM", .product(name: "SystemPackage", package: "swift-system")],
            path: "Tests/VirtualKernel", swiftSettings: strict),
        // The pacing rules as a reference model (one function a rule): what the manual-source scripts
        // (FrameClockTests) and the failover scripts on the virtual kernel (FaultInjectionTests) check.
        .target(
            name: "PacingReference", dependencies: ["FrameClock"], path: "Tests/PacingReference",
            swiftSettings: strict),
        .testTarget(
            name: "FrameClockTests",
            dependencies: [
                "FrameClock", "TestSupport", "PacingReference",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict
        ),
        // The Linux call layer against the real kernel: eventfd, timerfd, clocks, poll, the wake signal.
        .testTarget(
            name: "SystemCallsTests",
            dependencies: ["SystemCalls", .product(name: "SystemPackage", package: "swift-system")],
            swiftSettings: strict),
        .testTarget(
            name: "DRMTests",
            dependencies: [
                "DRM", "KMSPresentation", "TestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/DRMTests",
            swiftSettings: strict),
        // Faults at the DRM boundary: the DRM and timer tick sources over a scripted kernel, in
        // virtual time.
        .testTarget(
            name: "FaultInjectionTests",
            dependencies: [
                "FrameClock", "DRM", "TestSupport", "VirtualKernel", "PacingReference",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // The Wayland tick source: its grid, output following and repaint policy as values, and links
        // on it over a scripted compositor in virtual time (no compositor needed).
        .testTarget(
            name: "WaylandTickSourceTests",
            dependencies: [
                "FrameClock", "Wayland", "TestSupport", "VirtualKernel",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // Run inside the vkms guest (Tests/VKMS/run-vkms-tests.sh); skipped elsewhere.
        .testTarget(
            name: "DRMIntegrationTests",
            dependencies: [
                "DRM", "FrameClock", "ClockDemo", "DemoClockFace", "KMSPresentation", "LayerRendering",
                "MediaTiming",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/DRMIntegrationTests",
            swiftSettings: strict),
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "FrameBench", "ClockDemo", "SceneActorDemo", "LayerRendering", "MediaTiming", "WestonFixture",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "MediaTimingTests",
            dependencies: [
                "MediaTiming",
                "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
        // A weston started headless for a test, and a toolkit's own wl_display: what the Wayland
        // test targets share.
        .target(
            name: "WestonFixture", dependencies: ["CWayland", "CWaylandProtocols", "SystemCalls"],
            path: "Tests/WestonFixture", swiftSettings: strict),
        // Against a real weston started headless by the tests; skipped (loudly) without weston,
        // failed when CI=true.
        .testTarget(
            name: "WaylandTests",
            dependencies: [
                "Wayland", "CWayland", "CWaylandProtocols", "WestonFixture", "SystemCalls",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // Display links on Wayland surfaces under weston headless (the same skip and CI rules).
        .testTarget(
            name: "WaylandLinkTests",
            dependencies: [
                "FrameClock", "Wayland", "WestonFixture", "TestSupport", "ClockDemo", "LayerRendering",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: strict),
        // Display links on X11 windows under Xvfb and under Xwayland in weston headless, started by the
        // tests (skipped, loudly, without them; failed when CI=true), and the Present clock's rules as
        // values.
        .testTarget(
            name: "X11LinkTests",
            dependencies: [
                "FrameClock", "X11", "WestonFixture", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LayerRenderingTests", dependencies: ["LayerRendering", "MediaTiming", "DemoClockFace"],
            swiftSettings: strict),
    ]
)
