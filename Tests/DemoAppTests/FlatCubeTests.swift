import DemoApp
import GestureKit
import GestureScript
import Testing

/// Each FlatCube rule of seed 002, played through the real input pipeline
/// (script -> input router -> recognizers -> views) on a virtual clock.
/// Points are for the 800x600 layout: red-only (400,120), left-yellow-only
/// (250,420), right-yellow-only (550,420), triple overlap (400,280), red and
/// left yellow only (300,300), outside all squares (60,300), switch (438,558).
@MainActor
@Suite("FlatCube rules")
struct FlatCubeTests: DemoWindowSuite {
    let app = DemoWindow<FlatCubeViewController>(.flatcube)

    func switchOn() throws {
        try play("down 9 438 558\nup 9\nwait 400")
        #expect(vc.recognizeAnySwitch.isOn)
    }

    @Test("the layout has one point where all three squares overlap")
    func tripleOverlapExists() {
        let p = Point(x: 400, y: 280)
        #expect(vc.singleView.frame.contains(p) && vc.doubleLeftView.frame.contains(p) && vc.doubleRightView.frame.contains(p))
        #expect(vc.singleView.frame.intersects(vc.doubleLeftView.frame))
        #expect(vc.singleView.frame.intersects(vc.doubleRightView.frame))
        #expect(vc.doubleLeftView.frame.intersects(vc.doubleRightView.frame))
        #expect(!vc.doubleLeftView.frame.contains(Point(x: 250, y: 120)))
    }

    @Test("switch off: a one-finger tap inside red counts red")
    func offOneFingerInRed() throws {
        try play("down 1 400 120\nup 1")
        #expect(vc.singleCount == 1 && vc.doubleCount == 0)
        #expect(vc.singleCounterLabel.text == "1")
    }

    @Test("switch off: a one-finger tap on an overlap of red counts red only")
    func offOneFingerInOverlap() throws {
        try play("down 1 400 280\nup 1\nwait 400\ndown 1 300 300\nup 1")
        #expect(vc.singleCount == 2 && vc.doubleCount == 0)
    }

    @Test("switch off: a one-finger tap in yellow only counts nothing")
    func offOneFingerInYellow() throws {
        try play("down 1 250 420\nup 1")
        #expect(vc.singleCount == 0 && vc.doubleCount == 0)
    }

    @Test("switch off: a two-finger tap with one finger in each yellow counts yellow in both squares")
    func offTwoFingersInYellows() throws {
        try play("down 1 250 420\ndown 2 550 420\nframe\nup 1\nup 2")
        #expect(vc.doubleCount == 1 && vc.singleCount == 0)
        #expect(vc.doubleCounterLeftLabel.text == "1" && vc.doubleCounterRightLabel.text == "1")
    }

    @Test("switch off: the fingers of a two-finger tap may lift in separate frames")
    func offTwoFingersLiftApart() throws {
        try play("down 1 250 420\ndown 2 550 420\nframe\nup 1\nframe\nwait 50\nup 2\nframe")
        #expect(vc.doubleCount == 1)
    }

    @Test("switch off: a two-finger tap with both fingers in one yellow counts nothing")
    func offTwoFingersInOneYellow() throws {
        try play("down 1 230 420\ndown 2 280 440\nframe\nup 1\nup 2")
        #expect(vc.doubleCount == 0 && vc.singleCount == 0)
    }

    @Test("switch off: a two-finger tap in red does not count red")
    func offTwoFingersInRed() throws {
        try play("down 1 350 120\ndown 2 450 120\nframe\nup 1\nup 2")
        #expect(vc.singleCount == 0)
    }

    @Test("switch off: a finger that moves away is no tap and counts nothing")
    func offMovedFinger() throws {
        try play("down 1 400 120\nframe\nmove 1 440 120\nframe\nup 1")
        #expect(vc.singleCount == 0)
    }

    @Test("switch on: a one-finger tap at the triple overlap counts both")
    func onTripleOverlap() throws {
        try switchOn()
        try play("down 1 400 280\nup 1")
        #expect(vc.singleCount == 1 && vc.doubleCount == 1)
    }

    @Test("switch on: a two-finger touch on red counts red")
    func onTwoFingersInRed() throws {
        try switchOn()
        try play("down 1 350 120\ndown 2 450 120\nframe\nup 1\nup 2")
        #expect(vc.singleCount == 1 && vc.doubleCount == 0)
    }

    @Test("switch on: a two-finger touch with one finger outside all squares still counts the touched square")
    func onOneFingerOutside() throws {
        try switchOn()
        try play("down 1 60 300\ndown 2 400 120\nframe\nup 1\nframe\nup 2\nframe")
        #expect(vc.singleCount == 1 && vc.doubleCount == 0)
    }

    @Test("switch on: one finger in each yellow counts yellow, as with the switch off")
    func onTwoFingersInYellows() throws {
        try switchOn()
        try play("down 1 250 420\ndown 2 550 420\nframe\nup 1\nup 2")
        #expect(vc.doubleCount == 1 && vc.singleCount == 0)
    }

    @Test("switch on: a one-finger tap in red only counts red")
    func onOneFingerInRedOnly() throws {
        try switchOn()
        try play("down 1 400 120\nup 1")
        #expect(vc.singleCount == 1 && vc.doubleCount == 0)
    }

    @Test("a cancelled touch counts nothing, with the switch off or on")
    func cancelledTouch() throws {
        try play("down 1 400 120\nframe\ncancel")
        try switchOn()
        try play("down 1 400 280\nframe\ncancel")
        #expect(vc.singleCount == 0 && vc.doubleCount == 0)
    }

    @Test("the switch starts off and tapping it toggles it")
    func switchToggles() throws {
        #expect(!vc.recognizeAnySwitch.isOn)
        try switchOn()
        try play("down 9 438 558\nup 9")
        #expect(!vc.recognizeAnySwitch.isOn)
    }
}
