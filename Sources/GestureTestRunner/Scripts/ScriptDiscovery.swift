import GestureScript

/// One script of a run: its path as the user named it (or as found under
/// a named folder), and its size, a stand-in for how long it plays.
public struct ScriptFile: Sendable, Hashable {
    public var path: String
    public var size: Int

    public init(path: String, size: Int) {
        self.path = path
        self.size = size
    }
}

/// Turns the PATH arguments of `gesture-demo test` into the run's scripts.
///
/// A file is a script whatever its name. A folder contributes every
/// `.gds` file in it and in its subfolders (hidden ones, starting with
/// `.`, skipped). The result is sorted by path and free of duplicates, so
/// the same arguments list the same scripts in the same order on every
/// machine, which sharding relies on.
///
/// Links are followed, but no folder is searched twice and no file is a
/// script twice, whatever paths reach them: a link back up the tree
/// (`self -> .`) adds nothing, and a script reached by several paths runs
/// once, under the first in path order of the paths the search walks (a
/// folder reached again is not walked: its paths are not among them).
public enum ScriptDiscovery {
    /// The file name ending that marks a script inside a folder.
    public static let scriptExtension = ".gds"

    public static func scripts(in paths: [String]) throws(RunnerError) -> [ScriptFile] {
        var search = Search()
        for path in paths {
            let path = normalized(path)
            if FileSystem.isDirectory(path) {
                try search.collect(folder: path)
            } else if FileSystem.size(of: path) != nil {
                search.add(path)
            } else {
                throw .usage(ScriptFiles.exists(path) ? "\(path) is neither a script nor a folder"
                                                      : "no such file or folder: \(path)")
            }
        }
        return search.files.values.sorted { $0.path < $1.path }
    }

    /// The scripts and folders a search has come across so far, each known
    /// by its identity rather than by the path that reached it.
    private struct Search {
        /// Each script found, under the first in path order of the paths
        /// that reach it.
        var files: [FileIdentity: ScriptFile] = [:]
        /// The folders searched: one reached again (through a link) is
        /// not searched again, so links in a loop end.
        var folders = Set<FileIdentity>()

        /// Adds the regular file at `path` (anything else is ignored).
        mutating func add(_ path: String) {
            guard let size = FileSystem.size(of: path), let identity = ScriptFiles.identity(of: path) else { return }
            if let known = files[identity], known.path <= path { return }
            files[identity] = ScriptFile(path: path, size: size)
        }

        /// Adds the scripts of `folder` and of its subfolders, in name
        /// order, so that which path reaches a folder first is the same
        /// wherever the tree is copied.
        mutating func collect(folder: String) throws(RunnerError) {
            guard let identity = ScriptFiles.identity(of: folder), folders.insert(identity).inserted else { return }
            for name in try FileSystem.contents(of: folder).sorted() where !name.hasPrefix(".") {
                let path = folder == "." ? name : ScriptFiles.path(folder, name)
                if FileSystem.isDirectory(path) {
                    try collect(folder: path)
                } else if name.hasSuffix(scriptExtension) {
                    add(path)
                }
            }
        }
    }

    /// `path` without `./` segments, doubled or trailing slashes, so that
    /// `Tests/Scenarios/` and `./Tests/Scenarios` name the same scripts.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/").filter { $0 != "." }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
