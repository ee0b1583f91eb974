import Foundation
import TestSupport
import Testing

/// The Wayland protocol glue is committed so that a fresh clone builds
/// with plain `swift build` (protocols/README.md); these tests hold it to
/// what this system's wayland-scanner makes of this system's XML.
@Suite("Committed protocol glue")
struct ProtocolGlueTests {
    static let generator = packageRoot.appendingPathComponent("protocols/generate.sh").path
    static let committed = packageRoot.appendingPathComponent("Sources/CWaylandProtocols/generated")

    @Test("the committed glue is exactly what wayland-scanner generates from the system's protocol XML")
    func committedGlueIsCurrent() throws {
        let check = try runCommand([Self.generator, "--check"])
        #expect(check.status == 0, "\(check.transcript)")
        #expect(check.stderr.isEmpty)
    }

    @Test("every protocol in protocols.list has committed glue, and nothing else is there")
    func glueMatchesTheList() throws {
        let list = try String(contentsOf: packageRoot.appendingPathComponent("protocols/protocols.list"), encoding: .utf8)
        let names = list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".xml", with: "") }
        let expected = Set(names.flatMap { ["\($0)-client-protocol.h", "\($0)-protocol.inc"] })
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.committed.path))
        #expect(!names.isEmpty)
        #expect(present == expected)
    }

    @Test("the check names a hand-edited file and a stale one, and changes neither")
    func checkCatchesDrift() throws {
        let copy = try temporaryDirectory("glue")
        defer { try? FileManager.default.removeItem(at: copy) }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.committed.path) {
            try FileManager.default.copyItem(at: Self.committed.appendingPathComponent(name),
                                             to: copy.appendingPathComponent(name))
        }
        let edited = copy.appendingPathComponent("viewporter-client-protocol.h")
        let editedText = try String(contentsOf: edited, encoding: .utf8) + "/* edited by hand */\n"
        try editedText.write(to: edited, atomically: true, encoding: .utf8)
        let stale = copy.appendingPathComponent("dropped-v1-protocol.inc")
        try "/* a protocol no longer listed */\n".write(to: stale, atomically: true, encoding: .utf8)

        let check = try runCommand([Self.generator, "--check", copy.path])
        #expect(check.status == 1, "\(check.transcript)")
        #expect(check.stderr.contains("viewporter-client-protocol.h"))
        #expect(check.stderr.contains("dropped-v1-protocol.inc (not in protocols.list)"))
        #expect(check.stderr.contains("run protocols/generate.sh"))
        #expect(try String(contentsOf: edited, encoding: .utf8) == editedText)
        #expect(FileManager.default.fileExists(atPath: stale.path))
    }
}
