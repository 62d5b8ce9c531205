import Foundation
import Testing

/// Tests/check-folder-layers.sh, the check that the FrameClock module's folders are layers: it passes
/// on the sources, and it is shown able to fail, on small trees written for the purpose.
@Suite("Tests/check-folder-layers.sh: no folder of FrameClock names one above it")
struct FolderLayersCheckTests {
    /// The package's root folder (this file is Tests/CommandLineTests/FolderLayersCheckTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The layers, bottom first, as the script lists them; a fixture has them all, or the script
    /// would fail for a missing folder rather than for what the test means.
    static let layers = [
        "Support", "Time", "Pacing", "Presentation", "Input", "Sources", "Stalls", "Driving", "Links",
    ]

    @Test("the sources pass: no upward reference, every folder a layer")
    func sourcesPass() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains(Self.layers.joined(separator: " -> ")))
    }

    @Test("a type of a higher folder named in a lower one fails, with its file and line")
    func upwardTypeFails() throws {
        let tree = try Self.fixture([
            "Support/Count.swift": "enum Count { static let one = 1 }\n",
            "Links/Widget.swift": "/// A widget.\nfinal class Widget { enum Part {} }\n",
            // A name in a comment or a string is no reference; the second line's is.
            "Time/Tock.swift": "// Widget\nstruct Tock { var widget: Widget? }\nlet s = \"Widget\"\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try Self.check(tree)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Time/Tock.swift:2: Time/ names Widget"))
        #expect(!result.standardOutput.contains("Tock.swift:1:"))
        #expect(!result.standardOutput.contains("Tock.swift:3:"))
    }

    @Test("a member an extension in a higher folder adds, used below it, fails")
    func upwardExtensionMemberFails() throws {
        let tree = try Self.fixture([
            "Support/Count.swift": "enum Count { static let one = 1 }\n",
            "Links/Count+Spin.swift": "extension Count { static func spin() -> Int { 2 } }\n",
            "Time/Tock.swift": "struct Tock { let turns = Count.spin() }\n",
        ])
        defer { try? FileManager.default.removeItem(at: tree) }
        let result = try Self.check(tree)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("Time/Tock.swift:1: Time/ uses Count.spin"))
    }

    @Test("a folder the layer list does not name fails; a tree that only refers down passes")
    func unlistedFolderFails() throws {
        let files = [
            "Support/Count.swift": "enum Count { static let one = 1 }\n",
            "Links/Widget.swift": "final class Widget { let count = Count.one }\n",
        ]
        let clean = try Self.fixture(files)
        defer { try? FileManager.default.removeItem(at: clean) }
        let passing = try Self.check(clean)
        #expect(passing.status == 0, "\(passing.standardOutput)\(passing.standardError)")

        let unlisted = try Self.fixture(
            files.merging(["Gadgets/Gadget.swift": "struct Gadget {}\n"]) { a, _ in a })
        defer { try? FileManager.default.removeItem(at: unlisted) }
        let failing = try Self.check(unlisted)
        #expect(failing.status == 1, "\(failing.standardOutput)\(failing.standardError)")
        #expect(failing.standardOutput.contains("Gadgets/: a folder not in the layer list"))
    }

    /// Runs the script on `tree` (the FrameClock module when nil).
    static func check(_ tree: URL? = nil) throws -> ExecutableRunner.Result {
        let script = root.appendingPathComponent("Tests/check-folder-layers.sh").path
        return try ExecutableRunner.run(
            URL(fileURLWithPath: "/bin/bash"), [script] + (tree.map { [$0.path] } ?? []), timeout: 60)
    }

    /// A module tree in a new temporary folder: every layer's folder, and `files` (path: text).
    static func fixture(_ files: [String: String]) throws -> URL {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folder-layers-\(UUID().uuidString)")
        for layer in layers {
            try FileManager.default.createDirectory(
                at: tree.appendingPathComponent(layer), withIntermediateDirectories: true)
        }
        for (path, text) in files {
            let file = tree.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return tree
    }
}
