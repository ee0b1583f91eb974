import Foundation
@testable import GestureScript
import TestSupport
import Testing

/// `ScriptFiles.copyFile`, which writes goldens and a merged report's
/// files: the same bytes, a chunk at a time, put in place whole or not at
/// all.
@Suite("File copy")
struct FileCopyTests {
    /// Writes `bytes` to `path`, a fixture of a test.
    func put(_ bytes: Data, _ path: String) throws {
        try bytes.write(to: URL(fileURLWithPath: path))
    }

    /// The bytes of the file at `path`.
    func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Copies `source` to `destination`, expecting the copy to fail with a
    /// file error; what the error says.
    func copyFailure(_ source: String, to destination: String,
                     sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        #expect(throws: ScriptFileError.self, sourceLocation: sourceLocation) {
            try ScriptFiles.copyFile(source, to: destination)
        }?.description
    }

    /// Bytes that differ from one chunk to the next: 200,000 of them span
    /// four reads of 64 KiB, the last one short.
    static let pattern = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 16) })

    @Test("the copy has every byte, across chunks, and no temporary file is left")
    func copiesAcrossChunks() throws {
        try inTemporaryDirectory("copy") { folder in
            try put(Self.pattern, folder + "/a.png")
            try ScriptFiles.copyFile(folder + "/a.png", to: folder + "/b.png")
            #expect(try contents(folder + "/b.png") == Self.pattern)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.png", "b.png"])
        }
    }

    @Test("a longer file at the destination is replaced whole; an empty source gives an empty copy")
    func replaces() throws {
        try inTemporaryDirectory("copy") { folder in
            try put(Self.pattern, folder + "/b.png")
            try put(Data("short".utf8), folder + "/a.png")
            try ScriptFiles.copyFile(folder + "/a.png", to: folder + "/b.png")
            #expect(try String(contentsOfFile: folder + "/b.png", encoding: .utf8) == "short")
            try put(Data(), folder + "/empty")
            try ScriptFiles.copyFile(folder + "/empty", to: folder + "/b.png")
            #expect(try contents(folder + "/b.png").isEmpty)
        }
    }

    @Test("a source that cannot be read fails naming it, and the destination stays as it was")
    func unreadableSource() throws {
        try inTemporaryDirectory("copy") { folder in
            try put(Data("kept".utf8), folder + "/b.png")
            #expect(copyFailure(folder + "/missing.png", to: folder + "/b.png")
                        == "cannot read \(folder)/missing.png: No such file or directory")
            #expect(try String(contentsOfFile: folder + "/b.png", encoding: .utf8) == "kept")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["b.png"])
        }
    }

    @Test("a destination that cannot be written fails naming it; a source that is a folder leaves nothing")
    func unwritableDestination() throws {
        try inTemporaryDirectory("copy") { folder in
            try put(Data("png".utf8), folder + "/a.png")
            #expect(copyFailure(folder + "/a.png", to: folder + "/no/such/folder/b.png")?
                        .hasPrefix("cannot write \(folder)/no/such/folder/b.png.partial:") == true)
            #expect(copyFailure(folder, to: folder + "/c.png") != nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.png"])
        }
    }
}
