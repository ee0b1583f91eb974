import Foundation
import TestSupport
import Testing

/// The list that removes scratch folders a suite's shared run leaves (the
/// test process empties one such list as it exits).
@Suite("ScratchFolderList: removing scratch folders later")
struct ScratchFolderListTests {
    @Test("removeAll removes each folder remembered, with what is in it, and leaves a folder not remembered")
    func removesWhatItRemembers() throws {
        let list = ScratchFolderList()
        let first = try temporaryDirectory("list-first")
        let second = try temporaryDirectory("list-second")
        let other = try temporaryDirectory("list-other")
        defer { try? FileManager.default.removeItem(at: other) }
        try "report".write(to: second.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        list.add(first)
        list.add(second)
        #expect(list.count == 2)
        #expect(FileManager.default.fileExists(atPath: first.path), "nothing is removed before removeAll")
        list.removeAll()
        #expect(!FileManager.default.fileExists(atPath: first.path))
        #expect(!FileManager.default.fileExists(atPath: second.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(list.count == 0)
    }

    @Test("a folder already gone is skipped, and the others are still removed")
    func skipsFoldersAlreadyGone() throws {
        let list = ScratchFolderList()
        let gone = try temporaryDirectory("list-gone")
        let kept = try temporaryDirectory("list-kept")
        list.add(gone)
        list.add(kept)
        try FileManager.default.removeItem(at: gone)
        list.removeAll()
        #expect(!FileManager.default.fileExists(atPath: kept.path))
        #expect(list.count == 0)
    }
}
