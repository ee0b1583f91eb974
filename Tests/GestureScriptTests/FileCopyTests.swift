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
            #expect(copyFailure(folder + "/a.png", to: folder + "/no/such/folder/b.png")
                        == "cannot write \(folder)/no/such/folder/b.png: No such file or directory")
            #expect(copyFailure(folder, to: folder + "/c.png") != nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.png"])
        }
    }

    @Test("copies and texts are written aside under names of their own: a link at PATH.partial is not followed")
    func temporaryOfItsOwn() throws {
        try inTemporaryDirectory("copy") { folder in
            try put(Data("kept".utf8), folder + "/victim")
            try put(Self.pattern, folder + "/a.png")
            for name in ["b.png", "c.txt"] {
                try FileManager.default.createSymbolicLink(atPath: folder + "/\(name).partial", withDestinationPath: folder + "/victim")
            }
            try ScriptFiles.copyFile(folder + "/a.png", to: folder + "/b.png")
            try ScriptFiles.writeText("text", to: folder + "/c.txt")
            #expect(try contents(folder + "/victim") == Data("kept".utf8))
            #expect(try contents(folder + "/b.png") == Self.pattern)
            #expect(try String(contentsOfFile: folder + "/c.txt", encoding: .utf8) == "text")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                        == ["a.png", "b.png", "b.png.partial", "c.txt", "c.txt.partial", "victim"])
        }
    }

    @Test("a new file is made where nothing is: a file or a link there, even one to nowhere, is refused as it is")
    func createNewRefusesWhatIsThere() throws {
        try inTemporaryDirectory("copy") { folder in
            try put(Data("kept".utf8), folder + "/file")
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/file")
            try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
            for name in ["file", "link", "dangling"] {
                let error = #expect(throws: ScriptFileError.self) { _ = try ScriptFiles.createNew(folder + "/" + name) }
                #expect(error?.code == EEXIST, "\(name)")
            }
            #expect(try contents(folder + "/file") == Data("kept".utf8))
            #expect(!FileManager.default.fileExists(atPath: folder + "/nowhere"))
            let fd = try ScriptFiles.createNew(folder + "/new")
            #expect(ScriptFiles.closeAfterWriting(fd) == 0)
            #expect(try contents(folder + "/new").isEmpty)
        }
    }
}
