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

    @Test("lines go to PATH.partial as they come, past the buffer, and the whole text is at PATH after finish")
    func writesThenRenames() throws {
        try inFolder("log.jsonl") { path in
            let file = try StreamedTextFile(path: path)
            let line = String(repeating: "x", count: 999)
            let count = 3 * StreamedTextFile.bufferSize / 1000
            for _ in 0..<count { file.appendLine(line) }
            #expect(file.size == count * 1000, "the bytes appended, line breaks included")
            #expect(!FileManager.default.fileExists(atPath: path), "nothing at PATH before the end")
            let partial = try Data(contentsOf: URL(fileURLWithPath: path + ".partial"))
            #expect(partial.count >= 2 * StreamedTextFile.bufferSize, "full buffers were written as they filled")
            try file.finish()
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == String(repeating: line + "\n", count: count))
            #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
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
            #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
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
