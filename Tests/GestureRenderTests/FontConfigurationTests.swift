import CCairo
import CPosix
import Foundation
@testable import GestureRender
import Testing
import TestSupport

/// The renderer's fontconfig configuration names only the folder of its
/// face's files, found below the system's font folders, so that other
/// fonts' caches are never read.
@Suite("Font configuration")
struct FontConfigurationTests {
    /// `cposix_find_folder_holding` in `root` for `name`, `depth` levels
    /// down: the folder found, or nil and the error.
    static func search(_ name: String, in root: String, depth: Int32,
                       room: Int = 4096) -> (folder: String?, error: Int32) {
        var folder = [CChar](repeating: 0, count: room)
        guard cposix_find_folder_holding(root, name, depth, &folder, folder.count) == 0 else { return (nil, errno) }
        return (String(decoding: folder.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), 0)
    }

    static func find(_ name: String, in root: String, depth: Int32) -> String? {
        search(name, in: root, depth: depth).folder
    }

    /// Makes `folders`, then `files` (one byte each), under `root`.
    static func make(in root: String, folders: [String], files: [String] = []) throws {
        for folder in folders {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for file in files {
            try #require(FileManager.default.createFile(atPath: "\(root)/\(file)", contents: Data([1])))
        }
    }

    @Test("the folder holding the file is found as deep as allowed, and no deeper")
    func findsWithinDepth() throws {
        try inTemporaryDirectory("font-folders") { root in
            try Self.make(in: root, folders: ["other/empty", "truetype/dejavu"],
                          files: ["other/Other.ttf", "truetype/dejavu/Face.ttf"])
            #expect(Self.find("Face.ttf", in: root, depth: 2) == "\(root)/truetype/dejavu")
            #expect(Self.find("Face.ttf", in: root, depth: 4) == "\(root)/truetype/dejavu")
            #expect(Self.find("Face.ttf", in: root, depth: 1) == nil)
            #expect(Self.find("Other.ttf", in: root, depth: 1) == "\(root)/other")
            #expect(Self.find("Missing.ttf", in: root, depth: 4) == nil)
            // In the root itself.
            try Self.make(in: root, folders: [], files: ["Top.ttf"])
            #expect(Self.find("Top.ttf", in: root, depth: 0) == root)
        }
    }

    @Test("a folder of that name is no file, a link to a folder is not followed, an unreadable root is none")
    func onlyFilesInRealFolders() throws {
        try inTemporaryDirectory("font-links") { root in
            try Self.make(in: root, folders: ["a/Face.ttf", "elsewhere/fonts", "b"], files: ["elsewhere/fonts/Linked.ttf"])
            #expect(symlink("\(root)/elsewhere/fonts", "\(root)/b/link") == 0)
            #expect(Self.find("Face.ttf", in: root, depth: 3) == nil)
            #expect(Self.find("Linked.ttf", in: "\(root)/b", depth: 3) == nil)
            #expect(Self.find("Linked.ttf", in: root, depth: 3) == "\(root)/elsewhere/fonts")
            let missing = Self.search("Linked.ttf", in: "\(root)/nowhere", depth: 3)
            #expect(missing.folder == nil && missing.error == ENOENT)
        }
    }

    @Test("a root longer than the room for the answer is refused; a deeper folder that does not fit is skipped")
    func room() throws {
        try inTemporaryDirectory("font-room") { root in
            try Self.make(in: root, folders: ["a-rather-long-folder-name"], files: ["a-rather-long-folder-name/Face.ttf"])
            let tooLong = Self.search("Face.ttf", in: root, depth: 1, room: root.utf8.count)
            #expect(tooLong.folder == nil && tooLong.error == ENAMETOOLONG)
            let skipped = Self.search("Face.ttf", in: root, depth: 1, room: root.utf8.count + 10)
            #expect(skipped.folder == nil && skipped.error == ENOENT)
            #expect(Self.find("Face.ttf", in: root, depth: 1) == "\(root)/a-rather-long-folder-name")
        }
    }

    @Test("the face's folder on this machine holds its regular and bold files")
    func faceFolderHere() throws {
        let folder = try #require(FontConfiguration.faceFolder())
        #expect(FileManager.default.fileExists(atPath: "\(folder)/DejaVuSans.ttf"))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/DejaVuSans-Bold.ttf"))
    }

    @Test("the configuration in use reads the face's folder alone")
    func installedFolders() throws {
        FontConfiguration.install()
        let expected = try #require(FontConfiguration.faceFolder())
        let list = try #require(FcConfigGetFontDirs(FcConfigGetCurrent()))
        defer { FcStrListDone(list) }
        var folders: [String] = []
        while let folder = FcStrListNext(list) { folders.append(String(cString: folder)) }
        #expect(folders == [expected])
    }

    @Test("a configuration names its folders alone, escaped, with the user's data folder as fontconfig's xdg prefix")
    func document() {
        let one = FontConfiguration.document(folders: ["/fonts/a&b<c>"])
        #expect(one.contains("<dir>/fonts/a&amp;b&lt;c&gt;</dir>"))
        #expect(one.components(separatedBy: "<dir").count == 2)
        let all = FontConfiguration.document(folders: FontConfiguration.allFolders)
        #expect(all.contains("<dir>/usr/share/fonts</dir>"))
        #expect(all.contains("<dir prefix=\"xdg\">fonts</dir>"))
        #expect(all.components(separatedBy: "<dir").count == 5)
    }
}
