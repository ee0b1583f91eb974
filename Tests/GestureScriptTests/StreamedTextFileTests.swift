import Foundation
@testable import GestureScript
import TestSupport
import Testing

/// The headless log's file: written as the run goes, in place only at the
/// end, and never left half-written.
@Suite("Streamed text file")
struct StreamedTextFileTests {
    /// Runs `body` with the path of `name` in a new empty folder, removed
    /// afterwards.
    func inFolder(_ name: String, _ body: (String) throws -> Void) throws {
        try inTemporaryDirectory("streamed") { folder in try body(folder + "/" + name) }
    }

    /// The names in the folder of `path`.
    func folderContents(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: ScriptFiles.folder(of: path)).sorted()
    }

    @Test("lines go to a temporary file beside PATH as they come, past the buffer, and the whole text is at PATH after finish")
    func writesThenRenames() throws {
        try inFolder("log.jsonl") { path in
            let file = try StreamedTextFile(path: path)
            let line = String(repeating: "x", count: 999)
            let count = 3 * StreamedTextFile.bufferSize / 1000
            for _ in 0..<count { file.appendLine(line) }
            #expect(file.size == count * 1000, "the bytes appended, line breaks included")
            #expect(!FileManager.default.fileExists(atPath: path), "nothing at PATH before the end")
            #expect(file.temporary.hasPrefix(path + ".") && file.temporary.hasSuffix(".partial"))
            let partial = try Data(contentsOf: URL(fileURLWithPath: file.temporary))
            #expect(partial.count >= 2 * StreamedTextFile.bufferSize, "full buffers were written as they filled")
            try file.finish()
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == String(repeating: line + "\n", count: count))
            #expect(try folderContents(path) == ["log.jsonl"])
        }
    }

    @Test("two files streamed to one PATH at once never mix: each writes its own temporary file, the last finished is at PATH whole")
    func twoAtOnce() throws {
        try inFolder("log.jsonl") { path in
            let first = try StreamedTextFile(path: path), second = try StreamedTextFile(path: path)
            #expect(first.temporary != second.temporary)
            let count = 2 * StreamedTextFile.bufferSize / 100
            for _ in 0..<count {
                first.appendLine(String(repeating: "a", count: 99))
                second.appendLine(String(repeating: "b", count: 99))
            }
            try first.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == String(repeating: String(repeating: "a", count: 99) + "\n", count: count))
            try second.finish()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == String(repeating: String(repeating: "b", count: 99) + "\n", count: count))
            #expect(try folderContents(path) == ["log.jsonl"])
        }
    }

    @Test("a link at PATH.partial (where the temporary file once was) is not followed: its target stays as it was")
    func linkNotFollowed() throws {
        try inFolder("log.jsonl") { path in
            let victim = ScriptFiles.path(ScriptFiles.folder(of: path), "victim")
            try "kept\n".write(toFile: victim, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: path + ".partial", withDestinationPath: victim)
            let file = try StreamedTextFile(path: path)
            file.appendLine("new")
            try file.finish()
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "kept\n")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        }
    }

    @Test("a file never finished leaves nothing behind, and an earlier file at PATH stays as it was")
    func abandoned() throws {
        try inFolder("log.jsonl") { path in
            try "earlier\n".write(toFile: path, atomically: false, encoding: .utf8)
            do {
                let file = try StreamedTextFile(path: path)
                file.appendLine("new")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier\n")
            #expect(try folderContents(path) == ["log.jsonl"])
        }
    }

    @Test("a folder that is not there is an error naming PATH, at once")
    func missingFolder() throws {
        try inFolder("gone/log.jsonl") { path in
            #expect {
                _ = try StreamedTextFile(path: path)
            } throws: { error in
                (error as? ScriptFileError)?.description == "cannot write \(path): No such file or directory"
            }
        }
    }
}
