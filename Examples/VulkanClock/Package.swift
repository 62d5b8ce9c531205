// swift-tools-version: 6.1
// A Vulkan front end: a swapchain on a Wayland window's surface in MAILBOX, each frame cleared to a
// colour that tells the time, paced by FrameClock's display link. Vulkan is built and linked only
// here, never by FrameClock itself.
import PackageDescription

let package = Package(
    name: "VulkanClock",
    platforms: [.macOS(.v15)],
    products: [.executable(name: "vulkan-clock", targets: ["VulkanClock"])],
    dependencies: [
        // From GitHub: .package(url: "https://github.com/<owner>/FrameClock", branch: "main"),
        .package(name: "FrameClock", path: "../..")
    ],
    targets: [
        .systemLibrary(
            name: "CVulkan", path: "Sources/CVulkan", pkgConfig: "vulkan",
            providers: [.apt(["libvulkan-dev"])]),
        .executableTarget(
            name: "VulkanClock",
            dependencies: [
                "CVulkan",
                .product(name: "FrameClock", package: "FrameClock"),
                .product(name: "Wayland", package: "FrameClock"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
