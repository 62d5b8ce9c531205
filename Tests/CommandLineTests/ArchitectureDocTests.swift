import Foundation
import Testing

/// docs/architecture.md names every module and folder the sources have, so that it cannot drift
/// from them unnoticed: each folder under Sources/ (a module) and under Sources/FrameClock/ (a
/// concern of the FrameClock module).
@Suite("docs/architecture.md names every folder under Sources/")
struct ArchitectureDocTests {
    /// The package's root folder (this file is Tests/CommandLineTests/ArchitectureDocTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("every module folder under Sources/ is named, as `Name`")
    func namesEveryModule() throws {
        let document = try Self.architecture()
        let modules = try Self.folders(in: "Sources")
        // A listing that finds nothing would pass vacuously: the package has some twenty modules.
        #expect(modules.count >= 15, "\(modules)")
        for module in modules {
            #expect(
                document.contains("`\(module)`"),
                "docs/architecture.md does not name Sources/\(module) (as `\(module)`)")
        }
    }

    @Test("every folder under Sources/FrameClock/ is named, as `Name/`")
    func namesEveryFrameClockFolder() throws {
        let document = try Self.architecture()
        let folders = try Self.folders(in: "Sources/FrameClock")
        #expect(folders.count >= 8, "\(folders)")
        for folder in folders {
            #expect(
                document.contains("`\(folder)/`"),
                "docs/architecture.md does not name Sources/FrameClock/\(folder) (as `\(folder)/`)")
        }
    }

    static func architecture() throws -> String {
        try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    }

    /// The folders directly inside `path` (relative to the root), by name.
    static func folders(in path: String) throws -> [String] {
        let folder = root.appendingPathComponent(path)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
            var isFolder: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }
}
