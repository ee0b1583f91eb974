import Foundation
import TestSupport
import Testing

/// The app's memory figure (README, "Memory and start-up") depends on no
/// module of the app linking Foundation: it would bring ICU and several
/// MB of libraries back. FoundationEssentials (swift-argument-parser's) is
/// fine.
@Suite("No Foundation in the app")
struct FoundationFreeTests {
    @Test("no source of the app or its libraries imports Foundation")
    func noFoundationImports() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        var offenders: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code == "import Foundation" || code.hasPrefix("import Foundation ")
                    || code.hasPrefix("@preconcurrency import Foundation") {
                    offenders.append(file)
                }
            }
        }
        #expect(offenders.isEmpty, "these import Foundation: \(offenders)")
    }
}
