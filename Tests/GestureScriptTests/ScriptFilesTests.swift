import Foundation
@testable import GestureScript
import TestSupport
import Testing

/// What `ScriptFiles` tells of paths before anything is written to them:
/// whether two name one file, so that no output is written over an input.
@Suite("Script files")
struct ScriptFilesTests {
    @Test("two paths are one file however spelt, through a link, or as a hard link; a new name is one file only in the same folder")
    func sameFile() throws {
        try inTemporaryDirectory("same-file") { folder in
            let fm = FileManager.default
            try fm.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
            try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/a.png"))
            try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/b.png"))
            try fm.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "a.png")
            try fm.createSymbolicLink(atPath: folder + "/folder-link", withDestinationPath: folder)
            try fm.linkItem(atPath: folder + "/a.png", toPath: folder + "/sub/hard.png")
            for other in ["a.png", "./a.png", "sub/../a.png", "link.png", "folder-link/a.png", "sub/hard.png"] {
                #expect(ScriptFiles.isSameFile(folder + "/a.png", folder + "/" + other), "\(other)")
            }
            #expect(!ScriptFiles.isSameFile(folder + "/a.png", folder + "/b.png"), "the same bytes, another file")
            #expect(!ScriptFiles.isSameFile(folder + "/a.png", folder + "/sub/a.png"))
            // Neither there yet: the same name in the same folder.
            #expect(ScriptFiles.isSameFile(folder + "/new.png", folder + "/folder-link/./new.png"))
            #expect(!ScriptFiles.isSameFile(folder + "/new.png", folder + "/sub/new.png"))
            #expect(!ScriptFiles.isSameFile(folder + "/new.png", folder + "/other.png"))
            #expect(!ScriptFiles.isSameFile(folder + "/gone/new.png", folder + "/away/new.png"), "folders not there")
            #expect(ScriptFiles.isSameFile(folder + "/gone/new.png", folder + "/gone/new.png"), "one path given twice")
        }
    }
}
