import Testing
@testable import GestureKit

/// The first responder, as UIKit keeps it: asked before it is replaced,
/// and out of the chain once its view leaves the window.
@Suite("First responder")
struct FirstResponderTests {
    final class Responding: View {
        var resignCalls = 0, refuses = false, motions: [String] = []
        override var canBecomeFirstResponder: Bool { true }
        override var canResignFirstResponder: Bool { !refuses }
        override func resignFirstResponder() -> Bool {
            resignCalls += 1
            return super.resignFirstResponder()
        }
        override func motionBegan(_ motion: MotionSubtype, with event: MotionEvent) { motions.append("began") }
        override func motionEnded(_ motion: MotionSubtype, with event: MotionEvent) { motions.append("ended") }
    }

    @Test("becoming first responder asks the current one to resign; one that refuses stays")
    func asksCurrent() {
        let h = ViewInWindow()
        let a = Responding(), b = Responding()
        h.view.addSubview(a)
        h.view.addSubview(b)
        #expect(a.becomeFirstResponder())
        #expect(a.becomeFirstResponder(), "already first responder")
        #expect(a.resignCalls == 0)
        #expect(b.becomeFirstResponder())
        #expect(a.resignCalls == 1)
        #expect(h.window.firstResponder === b)
        b.refuses = true
        #expect(!a.becomeFirstResponder())
        #expect(h.window.firstResponder === b)
        #expect(!b.resignFirstResponder())
    }

    @Test("a first responder removed from the window gets no motion; shakes reach the application again")
    func removedLeavesChain() {
        let h = ViewInWindow()
        let a = Responding()
        h.view.addSubview(a)
        #expect(a.becomeFirstResponder())
        a.removeFromSuperview()
        #expect(h.window.firstResponder == nil)
        var sheets = 0
        h.window.application.applicationSupportsShakeToEdit = true
        h.window.application.undoManager.registerUndo(named: "x") {}
        h.window.application.presentShakeToEdit = { sheets += 1 }
        h.window.shakeBegan(time: 0)
        h.window.shakeEnded(time: 0.3)
        #expect(a.motions.isEmpty, "\(a.motions)")
        #expect(sheets == 1)
    }
}
