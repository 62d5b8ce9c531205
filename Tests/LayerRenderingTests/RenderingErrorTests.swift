import Foundation
import LayerRendering
import MediaTiming
import Testing

/// Rendering errors read as sentences, also as `localizedDescription`, and file errors say what
/// the file system shows rather than Cairo's "error while writing to output stream".
struct RenderingErrorTests {
    /// A folder of its own under the temporary folder, removed afterwards.
    static func withScratchFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "rendering-error-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    /// The error `body` throws, or `nil` (a test failure) when it throws none.
    static func error(
        _ body: () throws(RenderingError) -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) -> RenderingError {
        do {
            try body()
        } catch {
            return error
        }
        Issue.record("no error was thrown", sourceLocation: sourceLocation)
        return .drawingFailed(reason: "no error")
    }

    @Test func writingIntoAMissingFolderSaysSo() throws {
        let bitmap = try Bitmap(width: 2, height: 2)
        try Self.withScratchFolder { folder in
            let path = folder + "/missing/face.png"
            let error = Self.error { () throws(RenderingError) in try bitmap.writePNG(to: path) }
            #expect(error.description == "cannot write \(path): the folder \(folder)/missing does not exist")
            #expect(error.localizedDescription == error.description)
            #expect(
                error == .cannotWritePNG(path: path, reason: "the folder \(folder)/missing does not exist"))
            // Onto a folder, or under a file.
            let onFolder = Self.error { () throws(RenderingError) in try bitmap.writePNG(to: folder) }
            #expect(onFolder.description == "cannot write \(folder): it is a folder")
            try bitmap.writePNG(to: folder + "/file.png")
            let underFile = Self.error { () throws(RenderingError) in
                try bitmap.writePNG(to: folder + "/file.png/x.png")
            }
            #expect(underFile.description.hasSuffix(": \(folder)/file.png is not a folder"))
        }
    }

    @Test func readingSaysWhatIsThere() throws {
        try Self.withScratchFolder { folder in
            let missing = Self.error { () throws(RenderingError) in
                _ = try Bitmap(contentsOfPNG: folder + "/none.png")
            }
            #expect(missing.description == "cannot read \(folder)/none.png: the file does not exist")
            let noFolder = Self.error { () throws(RenderingError) in
                _ = try Bitmap(contentsOfPNG: folder + "/no/none.png")
            }
            #expect(noFolder.description.hasSuffix(": the folder \(folder)/no does not exist"))
            try Data("not an image".utf8).write(to: URL(fileURLWithPath: folder + "/text.png"))
            let text = Self.error { () throws(RenderingError) in
                _ = try Bitmap(contentsOfPNG: folder + "/text.png")
            }
            #expect(
                text.description.hasPrefix(
                    "cannot read \(folder)/text.png: it is not a PNG image Cairo can read (Cairo: "))
        }
    }

    @Test func sizeAndLayoutErrorsSayTheLimits() {
        let size = RenderingError.invalidSize(width: 0, height: 10)
        #expect(
            size.description == "cannot make a 0 × 10 image: both sides must be between 1 and 32767 pixels")
        let layout = RenderingError.invalidBufferLayout(width: 200, height: 200, bytesPerRow: 100)
        #expect(layout.description.hasPrefix("cannot draw 200 × 200 pixels into rows of 100 bytes:"))
        #expect(layout.description.contains("at least 4 bytes a pixel"))
        let drawing = RenderingError.drawingFailed(reason: "out of memory")
        #expect(
            drawing.localizedDescription
                == "cannot draw: Cairo could not set up a drawing surface (out of memory)")
    }
}
