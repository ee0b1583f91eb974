import Foundation
@testable import GestureScript
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What `ScriptFiles` tells of paths before they are written or read:
/// whether two name one file, so that no output is written over an input,
/// and what is there, so that a run never waits reading a FIFO.
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

    @Test("a link to nowhere is one file with the path it points at: writing either would make the other")
    func danglingLink() throws {
        try inTemporaryDirectory("dangling-link") { folder in
            let fm = FileManager.default
            try fm.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
            try fm.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "out.log")
            try fm.createSymbolicLink(atPath: folder + "/sub/up", withDestinationPath: "../out.log")
            try fm.createSymbolicLink(atPath: folder + "/chain", withDestinationPath: "sub/up")
            try fm.createSymbolicLink(atPath: folder + "/absolute", withDestinationPath: folder + "/sub/../out.log")
            try fm.createSymbolicLink(atPath: folder + "/gone", withDestinationPath: "nowhere/out.log")
            try fm.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: "loop")
            // Neither the link's target nor the other path exists yet.
            for other in ["out.log", "./out.log", "sub//../out.log"] {
                #expect(ScriptFiles.isSameFile(folder + "/link", folder + "/" + other), "\(other)")
            }
            for link in ["sub/up", "chain", "absolute"] {
                #expect(ScriptFiles.isSameFile(folder + "/" + link, folder + "/out.log"), "\(link)")
                #expect(ScriptFiles.isSameFile(folder + "/" + link, folder + "/link"), "\(link)")
            }
            #expect(ScriptFiles.isSameFile(folder + "/gone", folder + "/nowhere/./out.log"), "through a folder not there")
            #expect(!ScriptFiles.isSameFile(folder + "/link", folder + "/sub/out.log"), "a relative link is read in its own folder")
            #expect(!ScriptFiles.isSameFile(folder + "/link", folder + "/other.log"))
            #expect(!ScriptFiles.isSameFile(folder + "/loop", folder + "/out.log"), "links that loop lead nowhere")
            // Once written through the link, the file is one by its inode.
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/out.log"))
            #expect(ScriptFiles.isSameFile(folder + "/link", folder + "/sub/up"))
        }
    }

    @Test("what is at a path, links followed: a file, nothing, or what else it is")
    func kinds() throws {
        try inTemporaryDirectory("kinds") { folder in
            try Data().write(to: URL(fileURLWithPath: folder + "/file"))
            #expect(mkfifo(folder + "/fifo", 0o600) == 0)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "fifo")
            try FileManager.default.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: "nowhere")
            #expect(ScriptFiles.kind(of: folder + "/file") == .regular)
            #expect(ScriptFiles.kind(of: folder + "/nowhere") == .missing)
            #expect(ScriptFiles.kind(of: folder + "/dangling") == .missing)
            #expect(ScriptFiles.kind(of: folder) == .other("a folder"))
            #expect(ScriptFiles.kind(of: folder + "/fifo") == .other("a FIFO"))
            #expect(ScriptFiles.kind(of: folder + "/link") == .other("a FIFO"))
            #expect(ScriptFiles.kind(of: "/dev/null") == .other("a device"))
        }
    }
}
