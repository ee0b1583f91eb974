import DemoApp
import GestureKit
@testable import GestureScript
import PropertyBased
import Testing

/// SPEC section 6, "Reliability", for scripts: whatever a well-formed
/// script asks (touches and gestures anywhere a compositor could put them,
/// durations far beyond any run, keys, the pointer, the touchpad, pages
/// and orientations), the player ends it with a result or an error naming
/// its line, never by stopping the process.
@MainActor
@Suite("Generated scripts on the Gestures page")
struct GeneratedScriptTests {
    static let cases = 200
    /// Far below the default: the durations drawn include 1e300 ms.
    static let timeLimit = 30.0

    @Test("every generated script parses, and plays to its end or stops at a line it names")
    func generatedScriptsEndCleanly() async {
        await propertyCheck(count: Self.cases, input: ScriptGenerator.scripts()) { text in
            let script: Script
            do {
                script = try ScriptParser.parse(text, fileName: "g.gds", pages: DemoPage.names)
            } catch {
                Issue.record("the generator wrote a malformed line: \(error)\n\(text)")
                return
            }
            let clock = VirtualTimeSource()
            let player = demoPlayer(.gestures, clock: clock).player
            player.timeLimit = Self.timeLimit
            do {
                try player.run(script)
            } catch let error as ScriptRunError {
                #expect((1...script.commands.count).contains(error.line), "\(error)")
                #expect(error.description.hasPrefix("g.gds:\(error.line):"), "\(error)")
            } catch {
                Issue.record("not a run error: \(error)\n\(text)")
            }
            #expect(clock.now <= Self.timeLimit, "the run went past its time limit")
        }
    }
}

/// Well-formed scripts for the Gestures page, each line decoded from drawn
/// integers.
enum ScriptGenerator {
    /// Views on the Gestures page, and one that is not on it.
    static let views = ["tapArea", "longPressArea", "panArea", "swipeArea", "checkMarkArea", "pinchArea",
                        "thresholdPresets", "output", "single"]
    static let anchors = ["", ".topleft", ".bottomright", ".left"]

    /// A coordinate: mostly on the window, some off it, some at the edge of
    /// what a Wayland fixed-point value holds.
    static func coordinate(_ n: Int) -> String {
        switch n {
        case 1000: formatScriptNumber(ScriptDefaults.coordinateLimit)
        case 999: formatScriptNumber(-ScriptDefaults.coordinateLimit)
        case 998: "0.5"
        default: String(n)
        }
    }

    /// A duration in ms: mostly short, some far beyond any time limit.
    static func milliseconds(_ n: Int) -> String {
        switch n % 10 {
        case 9: "1e300"
        case 8: formatScriptNumber(ScriptDefaults.coordinateLimit)
        case 7: "0"
        default: String(n * 7)
        }
    }

    static func point(_ a: Int, _ b: Int) -> String {
        guard a % 3 == 0 else { return "\(coordinate(a)) \(coordinate(b))" }
        let offset = b % 2 == 0 ? "" : "+\(abs(b) % 200),-\(abs(a) % 150)"
        return "@" + views[abs(b) % views.count] + anchors[abs(a) % anchors.count] + offset
    }

    /// One script line from drawn integers (`a`, `b` in -150...1000, `c`,
    /// `d` in 0...100).
    static func line(kind: Int, a: Int, b: Int, c: Int, d: Int) -> String {
        let p = point(a, b), ms = milliseconds(c), id = [0, 1, 2, 1000, 7][d % 5]
        switch kind {
        case 0..<6: return "frame"
        case 6..<14: return "down \(id) \(p)"
        case 14..<24: return "move \(id) \(p)"
        case 24..<30: return "up \(id)"
        case 30: return "cancel"
        case 31..<35: return "wait \(ms)"
        case 35..<39: return "tap \(p)" + (d % 2 == 0 ? " \(point(b, a))" : "")
        case 39..<41: return "doubletap \(p)"
        case 41..<44: return "longpress \(p) \(ms)"
        case 44..<47: return "swipe \(p) \(coordinate(b)) \(coordinate(a)) \(ms)"
        case 47..<50: return "drag \(p) \(point(b, a)) \(ms)" + (d % 3 == 0 ? " \(d + 1)" : "")
        case 50..<53: return "pinch \(p) \(abs(a)) \(abs(b)) \(ms)"
        case 53..<56: return "rotate \(p) \(abs(b)) \(Double(a) / 100) \(ms)"
        case 56..<59: return "pointer move \(p)"
        case 59..<61: return "pointer \(d % 2 == 0 ? "down" : "up") \(["left", "right", "middle"][c % 3])"
        case 61: return "pointer scroll \(coordinate(a)) \(coordinate(b))"
        case 62: return "pointer leave"
        case 63..<65: return "touchpad \(["pinch", "swipe", "hold"][d % 3]) begin \(c % 5)"
        case 65..<67: return "touchpad pinch update \(a % 50) \(b % 50) \(Double(c) / 25) \(a % 90)"
        case 67: return "touchpad swipe update \(a % 50) \(b % 50)"
        case 68..<70: return "touchpad \(["pinch", "swipe", "hold"][d % 3]) end" + (c % 2 == 0 ? "" : " cancelled")
        case 70..<74: return "key \(["ctrl+z", "ctrl+shift+z", "1", "2", "3", "?", "escape", "ctrl+g", "F11", "tab"][c % 10])"
        case 74..<76: return "key \(d % 2 == 0 ? "press" : "release") \(["alt", "ctrl", "shift"][c % 3])"
        case 76: return "key hold ctrl+s \(ms)"
        case 77: return "shake \(ms)"
        case 78: return d % 2 == 0 ? "shake begin" : "shake end \(ms)"
        case 79: return "orientation \(["portrait", "landscape-left", "landscape-right", "upside-down"][c % 4])"
        case 80: return "thresholds \(["uikit", "android", "gtk", "flutter"][c % 4])"
        case 81: return "page \(["touches", "flatcube", "gestures"][c % 3])"
        case 82: return "size \(max(1, abs(a))) \(max(1, abs(b)))"
        case 83: return "keyboard repeat \(c) \(d * 5)"
        default: return "frame"
        }
    }

    static func scripts() -> Generator<String, some Sequence & SendableMetatype> {
        zip(Gen.int(in: 0...85), Gen.int(in: -150...1000), Gen.int(in: -150...1000),
            Gen.int(in: 0...100), Gen.int(in: 0...100))
            .map { line(kind: $0.0, a: $0.1, b: $0.2, c: $0.3, d: $0.4) }
            .array(of: 1...40)
            .map { (["page gestures", "size 1024 768"] + $0).joined(separator: "\n") }
    }
}
