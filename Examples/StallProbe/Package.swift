// swift-tools-version: 6.1
// A frame callback (or a frame-actor job) that blocks once in usleep(1.5 s), as a new user would
// write it, with the link's stall reports printed: the sleep must last its 1.5 s.
import PackageDescription

let package = Package(
    name: "StallProbe",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "FrameClock", path: "../..", traits: [])],
    targets: [
        .executableTarget(
            name: "StallProbe",
            dependencies: [.product(name: "FrameClock", package: "FrameClock")],
            // Its own functions in the dynamic symbol table, so the report's stack names them.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])])
    ]
)
