@testable import GestureWayland
import Testing

/// What the seats share: seat numbering, the grab serial the display side
/// uses for interactive moves, and the cursor's buffer scale.
@Suite("Input target")
struct InputTargetTests {
    @Test("seats get the lowest free index, reused after a seat goes")
    func seatIndices() {
        let target = InputTarget()
        #expect(target.claimSeatIndex() == 0)
        #expect(target.claimSeatIndex() == 1)
        target.releaseSeat(index: 0, proxy: OpaquePointer(bitPattern: 0x10)!)
        #expect(target.claimSeatIndex() == 0)
        #expect(target.claimSeatIndex() == 2)
    }

    @Test("the grab serial is the newest press, and is forgotten with its seat")
    func grabSerial() {
        let target = InputTarget()
        let seatA = OpaquePointer(bitPattern: 0x10)!, seatB = OpaquePointer(bitPattern: 0x20)!
        #expect(target.lastGrabSerial == nil)
        target.recordGrabSerial(7, seat: seatA)
        target.recordGrabSerial(9, seat: seatB)
        #expect(target.lastGrabSerial?.seat == seatB && target.lastGrabSerial?.serial == 9)
        target.releaseSeat(index: 0, proxy: seatA)
        #expect(target.lastGrabSerial?.serial == 9, "another seat's removal keeps it")
        target.releaseSeat(index: 1, proxy: seatB)
        #expect(target.lastGrabSerial == nil, "its seat's proxy is gone")
    }

    @Test("cursor images are loaded at the window scale rounded up, at least 1")
    func cursorScale() {
        #expect(InputTarget.cursorScale(for: 1) == 1)
        #expect(InputTarget.cursorScale(for: 1.25) == 2)
        #expect(InputTarget.cursorScale(for: 2) == 2)
        #expect(InputTarget.cursorScale(for: 0.5) == 1)
        #expect(InputTarget.cursorScale(for: .nan) == 1)
        #expect(InputTarget.cursorScale(for: .infinity) == 1)
    }
}
