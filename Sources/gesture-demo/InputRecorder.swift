import Foundation
import GestureKit

/// Writes a live session's raw input as a script (docs/scripting.md), so a
/// bug seen on a tablet becomes a test: touches per id with their frames,
/// pointer and key events, and the real pauses between them as waits.
/// Each line is flushed at once, so a crash or a killed session still
/// leaves everything recorded so far.
final class InputRecorder: RawInputTap {
    private let handle: FileHandle
    private var lastTime: Double?

    init(path: String, size: Size, page: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw ExitError.usage("cannot write recording \(path)")
        }
        self.handle = handle
        write("# Recorded by gesture-demo: replay with gesture-demo --headless --script \((path as NSString).lastPathComponent)")
        write("size \(Self.number(size.width)) \(Self.number(size.height))")
        write("page \(page)")
    }

    deinit { try? handle.close() }

    func raw(_ input: RawInput, time: Double) {
        // Frames and cancels carry no event time of their own.
        if case .touchFrame = input {} else if case .touchCancel = input {} else { waitUntil(time) }
        switch input {
        case .touchDown(let id, let seat, let p): write("down \(Self.id(id, seat)) \(Self.point(p))")
        case .touchMotion(let id, let seat, let p): write("move \(Self.id(id, seat)) \(Self.point(p))")
        case .touchUp(let id, let seat): write("up \(Self.id(id, seat))")
        case .touchFrame: write("frame")
        case .touchCancel: write("cancel")
        case .pointerMotion(let p): write("pointer move \(Self.point(p))")
        case .pointerButton(let button, let pressed):
            guard let name = Self.buttonNames[button] else { return }
            write("pointer \(pressed ? "down" : "up") \(name)")
        case .pointerAxis(let v, let h):
            write("pointer scroll \(Self.number(h)) \(Self.number(v))")
        case .key(let event):
            guard !event.isRepeat, let line = Self.keyLine(event) else { return }
            write(line)
        }
    }

    private func waitUntil(_ time: Double) {
        defer { lastTime = max(lastTime ?? time, time) }
        guard let last = lastTime else { return }
        let ms = ((time - last) * 1000).rounded()
        if ms >= 1 { write("wait \(Int(ms))") }
    }

    private func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }

    private static let buttonNames: [UInt32: String] = [272: "left", 273: "right", 274: "middle"]

    /// Several seats share the script's one id space: seat N's ids start
    /// at N * 1000.
    private static func id(_ id: Int32, _ seat: Int) -> String {
        String(Int(id) + seat * 1000)
    }

    private static func point(_ p: Point) -> String { "\(number(p.x)) \(number(p.y))" }

    /// Up to three decimals: wl_fixed positions (1/256 px) survive closely.
    static func number(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// `key NAME` for a press, `key release NAME` for a release, with
    /// modifiers as `ctrl+`, `alt+`, `shift+`, `super+` prefixes.
    static func keyLine(_ event: KeyEvent) -> String? {
        guard let name = keyName(event.baseKeysym) else { return nil }
        var prefix = ""
        if event.modifiers.contains(.control) { prefix += "ctrl+" }
        if event.modifiers.contains(.alt) { prefix += "alt+" }
        if event.modifiers.contains(.shift) { prefix += "shift+" }
        if event.modifiers.contains(.logo) { prefix += "super+" }
        return event.isPressed ? "key press \(prefix)\(name)" : "key release \(name)"
    }

    private static func keyName(_ keysym: UInt32) -> String? {
        switch keysym {
        case 0x61...0x7a, 0x30...0x39: return String(UnicodeScalar(UInt8(keysym)))
        case Keysym.f1...Keysym.function(12): return "F\(keysym - Keysym.f1 + 1)"
        case Keysym.escape: return "escape"
        case Keysym.space: return "space"
        case Keysym.return: return "return"
        case Keysym.tab: return "tab"
        case 0x21...0x7e: return String(UnicodeScalar(UInt8(keysym)))
        default: return nil  // modifiers alone and other keys are not recorded
        }
    }
}
