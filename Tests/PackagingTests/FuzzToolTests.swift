import Foundation
import TestSupport
import Testing

/// tools/fuzz/fuzz.py finds what it is for: a case the app dies on is kept
/// and named, and the command fails; the app as built gives none in a
/// short run. These check the tool, not how robust the app is.
@Suite("Fuzzing tool")
struct FuzzToolTests {
    static let tool = packageRoot.appendingPathComponent("tools/fuzz/fuzz.py").path

    func fuzz(binary: String, keep: URL, modes: String) throws -> CommandResult {
        try runCommand(["/usr/bin/python3", Self.tool, "--binary", binary, "--seconds", "2", "--jobs", "1",
                        "--modes", modes, "--keep", keep.path], timeout: 120)
    }

    @Test("a stand-in app that dies of SIGSEGV on every played script: its cases are kept as findings and the tool exits 1")
    func crashIsAFinding() throws {
        let folder = try temporaryDirectory("fuzz-tool")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The real app for the tool's own first run (the scenarios' report);
        // played scripts kill it.
        let standIn = folder.appendingPathComponent("dies-on-scripts.sh")
        try """
            #!/bin/sh
            [ "$1" = "--headless" ] && kill -SEGV $$
            exec '\(try gestureDemoBinary().path)' "$@"

            """.write(to: standIn, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standIn.path)
        let keep = folder.appendingPathComponent("kept")
        let run = try fuzz(binary: standIn.path, keep: keep, modes: "script")
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("killed by signal 11 (script)"), "\(run.stdout)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: keep.path)
        #expect(!kept.isEmpty && kept.allSatisfy { $0.hasSuffix(".gds") }, "\(kept)")
        #expect(run.stdout.contains("\(kept.count) findings"), "\(run.stdout)")
    }

    @Test("the built app, two seconds of every mode: cases of each, no finding, exit 0")
    func builtAppHasNoFinding() throws {
        let folder = try temporaryDirectory("fuzz-tool")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try fuzz(binary: gestureDemoBinary().path, keep: folder, modes: "script,compare,merge,durations")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        for mode in ["script", "compare", "merge", "durations"] {
            #expect(run.stdout.contains("\n\(mode) ") || run.stdout.hasPrefix("\(mode) "), "\(run.stdout)")
        }
        #expect(run.stdout.hasSuffix("0 findings\n"), "\(run.stdout)")
    }
}
