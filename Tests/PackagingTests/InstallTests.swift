import DemoApp
import Foundation
import GestureRender
import TestSupport
import Testing

/// `scripts/install.sh` as a user runs it, into a temporary prefix, with
/// every installed file checked by the tool that reads it: the desktop and
/// AppStream validators, groff, and each shell's parser. Needs what
/// `scripts/setup.sh --test` installs, so it runs with the end-to-end tier.
extension NestedBuildTests {
@Suite("Install")
struct InstallTests {
    static let script = packageRoot.appendingPathComponent("scripts/install.sh").path

    /// The debug build the tests already made is installed (a release
    /// build would take minutes); `swift test` holds the build folder's
    /// lock, which the nested `swift package` must ignore.
    static func install(_ arguments: [String]) throws -> CommandResult {
        try runCommand([script, "--configuration", "debug"] + arguments,
                       environment: ["GESTURE_INSTALL_SWIFTPM_FLAGS": "--ignore-lock"])
    }

    /// Every file (not folder) under `root`, as paths relative to it.
    static func files(under root: URL) -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found = Set<String>()
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path,
                                                        isDirectory: &isFolder)
            if exists && !isFolder.boolValue { found.insert(path) }
        }
        return found
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test("an install writes the app, its launcher entry, metainfo, icons, man page and completions, each valid")
    func installIsValid() throws {
        let scratch = try temporaryDirectory("install")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let prefix = scratch.appendingPathComponent("prefix with space")
        let run = try Self.install(["--prefix", prefix.path])
        try #require(run.status == 0, "\(run.transcript)")
        let appID = DemoApp.appID
        let at = { (path: String) in prefix.appendingPathComponent(path) }

        // The binary.
        let binary = at("bin/gesture-demo")
        let version = try runCommand([binary.path, "--version"])
        #expect(version.stdout == DemoApp.version + "\n")

        // The launcher entry: named after the app id the window reports.
        let desktop = at("share/applications/\(appID).desktop")
        let desktopCheck = try runCommand(["desktop-file-validate", desktop.path])
        #expect(desktopCheck.status == 0 && desktopCheck.stdout.isEmpty && desktopCheck.stderr.isEmpty,
                "\(desktopCheck.transcript)")
        let entry = try Self.text(desktop).split(separator: "\n")
        #expect(entry.contains("Exec=\"\(binary.path)\""), "\(entry)")
        #expect(entry.contains("TryExec=\(binary.path)"))
        #expect(entry.contains("Icon=\(appID)"))

        // AppStream metainfo, validated offline.
        let metainfo = at("share/metainfo/\(appID).metainfo.xml")
        let appstream = try runCommand(["appstreamcli", "validate", "--no-net", "--explain", metainfo.path])
        #expect(appstream.status == 0, "\(appstream.transcript)")
        #expect(try Self.text(metainfo) == Self.text(packageRoot.appendingPathComponent("data/\(appID).metainfo.xml")))

        // Icons: the SVG, and each PNG at the size its folder names.
        #expect(FileManager.default.fileExists(atPath: at("share/icons/hicolor/scalable/apps/\(appID).svg").path))
        for size in IconTests.sizes {
            let png = try RenderedImage(contentsOfPNG: at("share/icons/hicolor/\(size)x\(size)/apps/\(appID).png").path)
            #expect(png.width == size && png.height == size)
        }

        // The man page: groff formats it without a warning, and it lists --version.
        let manual = at("share/man/man1/gesture-demo.1")
        let groff = try runCommand(["groff", "-mandoc", "-ww", "-z", "-Tutf8", manual.path])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.transcript)")
        #expect(try Self.text(manual).contains(".Dt GESTURE-DEMO 1"))
        #expect(try Self.text(manual).contains("Fl -version"))

        // Completions: each shell parses its script, which completes gesture-demo's flags.
        let completions = [
            ("bash", "share/bash-completion/completions/gesture-demo", ["bash", "-n"]),
            ("zsh", "share/zsh/site-functions/_gesture-demo", ["zsh", "-n"]),
            ("fish", "share/fish/vendor_completions.d/gesture-demo.fish", ["fish", "--no-execute"]),
        ]
        for (shell, path, parser) in completions {
            let parse = try runCommand(parser + [at(path).path])
            #expect(parse.status == 0, "\(shell): \(parse.transcript)")
            #expect(try Self.text(at(path)).contains("accelerometer-root"), "\(shell)")
        }

        // The manifest lists exactly the files there are.
        let manifest = try Self.text(at("share/gesture-demo/install-manifest"))
        let listed = Set(manifest.split(separator: "\n").map(String.init).filter { !$0.hasSuffix("/") })
        #expect(listed == Set(Self.files(under: prefix).map { prefix.path + "/" + $0 }))
    }

    @Test("--uninstall removes exactly what install wrote, and leaves what was there before")
    func uninstallRemovesOnlyItsOwn() throws {
        let prefix = try temporaryDirectory("uninstall")
        defer { try? FileManager.default.removeItem(at: prefix) }
        // Someone else's files, in folders install.sh also writes to.
        let theirs = ["bin/other-tool", "share/applications/other.desktop", "share/icons/hicolor/48x48/apps/other.png"]
        for path in theirs {
            let url = prefix.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "theirs\n".write(to: url, atomically: true, encoding: .utf8)
        }

        let installed = try Self.install(["--prefix", prefix.path])
        try #require(installed.status == 0, "\(installed.transcript)")
        #expect(Self.files(under: prefix).count > theirs.count + 10)

        let removed = try runCommand([Self.script, "--prefix", prefix.path, "--uninstall"])
        #expect(removed.status == 0, "\(removed.transcript)")
        #expect(Self.files(under: prefix) == Set(theirs))
        for path in theirs {
            #expect(try Self.text(prefix.appendingPathComponent(path)) == "theirs\n")
        }
        // Folders install.sh created are gone; ones it found stay.
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/man").path))
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/gesture-demo").path))
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/icons/hicolor/48x48/apps").path))

        let again = try runCommand([Self.script, "--prefix", prefix.path, "--uninstall"])
        #expect(again.status == 1)
        #expect(again.stderr == "install.sh: nothing to uninstall in \(prefix.path) (no \(prefix.path)/share/gesture-demo/install-manifest)\n")
    }

    @Test("a prefix that is not writable gets one clear line, and nothing is written")
    func unwritablePrefix() throws {
        let scratch = try temporaryDirectory("readonly")
        defer {
            chmod(scratch.path, 0o755)
            try? FileManager.default.removeItem(at: scratch)
        }
        let locked = scratch.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        try #require(chmod(locked.path, 0o555) == 0)
        let prefix = locked.appendingPathComponent("prefix")
        // root may write anywhere: run the script as nobody then.
        var command = [Self.script, "--prefix", prefix.path, "--configuration", "debug"]
        if getuid() == 0 {
            try #require(chmod(scratch.path, 0o755) == 0)
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"] + command
        }
        let run = try runCommand(command)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "install.sh: cannot install into \(prefix.path): \(locked.path) is not writable\n")
        #expect(Self.files(under: locked).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: prefix.path))
    }

    @Test("a destination blocked by a file fails before anything is built or written")
    func blockedDestination() throws {
        let prefix = try temporaryDirectory("blocked")
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share"), withIntermediateDirectories: true)
        try "not a folder\n".write(to: prefix.appendingPathComponent("share/man"), atomically: true, encoding: .utf8)
        let run = try Self.install(["--prefix", prefix.path])
        #expect(run.status == 1)
        #expect(run.stderr == "install.sh: cannot install into \(prefix.path): \(prefix.path)/share/man is not a folder\n")
        #expect(Self.files(under: prefix) == ["share/man"])
    }

    @Test("bad arguments get one line naming the problem")
    func badArguments() throws {
        let cases: [([String], String)] = [
            (["--prefix"], "install.sh: --prefix needs a folder\n"),
            (["--configuration", "fast"], "install.sh: --configuration is release or debug, not 'fast'\n"),
            (["--bogus"], "install.sh: unknown argument '--bogus' (try --help)\n"),
            (["--prefix", "/tmp/it's"], "install.sh: the prefix may not contain quotes, backslashes, $, `, % or | (the launcher's Exec line names it)\n"),
        ]
        for (arguments, message) in cases {
            // Through install(): should a bad argument slip through, a
            // quick debug build follows instead of a wait for the lock.
            let run = try Self.install(arguments)
            #expect(run.status == 1 && run.stderr == message, "\(arguments): \(run.transcript)")
        }
    }
}
}
