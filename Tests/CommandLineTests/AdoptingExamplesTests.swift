import Foundation
import LayerRendering
import Testing

/// Examples/Adopting, a package of its own that depends on this one by path as an adopter's package
/// does: it builds without warnings, and its four programs run (an offline renderer, a live link,
/// pictures shown at chosen times, a link on the program's own poll loop).
@Suite("Examples/Adopting, built and run as an adopter's package")
struct AdoptingExamplesTests {
    /// The package's root folder (this file is Tests/CommandLineTests/AdoptingExamplesTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/Adopting")
    /// The example's own build folder, beside the package's (`.build-*` is ignored by git).
    static let buildFolder = root.appendingPathComponent(".build-adopting")

    @Test func theExamplesBuildAndRun() throws {
        let build = try Self.run(
            "/usr/bin/env",
            [
                "swift", "build", "--package-path", Self.example.path, "--scratch-path",
                Self.buildFolder.path,
            ], timeout: 1200)
        try #require(build.status == 0, "swift build:\n\(build.standardOutput)\n\(build.standardError)")
        let warnings = (build.standardOutput + build.standardError).split(separator: "\n").filter {
            $0.contains("Examples/Adopting/") && $0.contains("warning:")
        }
        #expect(warnings.isEmpty, "\(warnings)")

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "adopting-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let binaries = Self.buildFolder.appendingPathComponent("debug")
        let offline = try Self.run(
            binaries.appendingPathComponent("OfflineRender").path, [folder.path], timeout: 120)
        #expect(offline.status == 0, "\(offline.standardError)")
        #expect(offline.standardOutput == "wrote 90 frames to \(folder.path)\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count == 90 && names.first == "frame-000.png" && names.last == "frame-089.png")
        // Frame k shows t = k/30 s of a 3 s sweep: nothing at 0, the right half at 1.5 s, nearly all at 2.97 s.
        let ring = { (k: Int, degrees: Double) throws -> Bool in
            let image = try Bitmap(
                contentsOfPNG: folder.appendingPathComponent(String(format: "frame-%03d.png", k)).path)
            let angle = (degrees - 90) * Double.pi / 180
            return image.pixel(x: Int(64 + 50 * cos(angle)), y: Int(64 + 50 * sin(angle))).blue > 0.8
        }
        #expect(try !ring(0, 90) && !ring(0, 270))
        #expect(try ring(45, 90) && !ring(45, 270))
        #expect(try ring(89, 90) && ring(89, 270))

        let live = try Self.run(binaries.appendingPathComponent("LiveClock").path, [], timeout: 60)
        #expect(live.status == 0, "\(live.standardError)")
        #expect(live.standardOutput.contains(" frames at 30.0 fps from "), "\(live.standardOutput)")
        // The logger the example passes reaches the handler it bootstrapped (standard error).
        #expect(live.standardError.contains("display link on "), "\(live.standardError)")

        // Pictures at 23.976 fps on a 60 Hz link: none early, in order, each shown or dropped, held
        // 2 or 3 refreshes (3:2) where the link kept up.
        let video = try Self.run(binaries.appendingPathComponent("VideoPictures").path, [], timeout: 60)
        #expect(video.status == 0, "\(video.standardOutput)\(video.standardError)")
        #expect(video.standardOutput.contains(" early, in order: true"), "\(video.standardOutput)")
        #expect(
            video.standardOutput.contains("predicted: [3, 2] repeating, a break every 200 pictures"),
            "\(video.standardOutput)")

        // The same animation on the program's own poll loop: every frame on the main thread.
        let onLoop = try Self.run(binaries.appendingPathComponent("PollLoopClock").path, [], timeout: 60)
        #expect(onLoop.status == 0, "\(onLoop.standardError)")
        #expect(
            onLoop.standardOutput.contains(
                " frames on the main thread at 30.0 fps from timer 60.000 Hz on a loop's")
                && onLoop.standardOutput.contains(", 0 off it"), "\(onLoop.standardOutput)")
    }

    /// Runs `executable` with `arguments`, waiting at most `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval) throws
        -> ExecutableRunner.Result
    {
        try ExecutableRunner.run(URL(fileURLWithPath: executable), arguments, timeout: timeout)
    }
}
