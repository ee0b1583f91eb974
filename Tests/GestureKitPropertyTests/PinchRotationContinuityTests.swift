import GestureKit
import PropertyBased
import Testing

/// SPEC section 3: "Pinch and rotation re-anchor when the number of touches
/// changes, so nothing jumps"; rotation is "unwrapped: never jumps at +-pi".
@Suite("Pinch scale and rotation follow the fingers and never jump")
struct PinchRotationContinuityTests {
    static let cases = 150

    @Test("on a bare view, scale and rotation change no more than the fingers moved, and not at all when a finger joins or lifts")
    func bareViewFollowsTheFingers() async {
        await propertyCheck(count: Self.cases, input: FingerChoreography.choreographies()) { choreography in
            var probe = PinchRotationFixture.bareView().probe()
            let violations = probe.play(choreography)
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    @Test("on the Gestures page, scale and rotation change no more than the fingers moved, and not at all when a finger joins or lifts")
    func gesturesPageFollowsTheFingers() async {
        await propertyCheck(count: Self.cases, input: FingerChoreography.choreographies()) { choreography in
            var probe = PinchRotationFixture.gesturesPage().probe()
            let violations = probe.play(choreography)
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    static let circles = zip(Gen.int(in: 30...120), Gen.int(in: 30...120), Gen.int(in: 8...72),
                             Gen.int(in: 0...1), Gen.int(in: 0...359), Gen.int(in: 0...1))
        .map { Circling(startRadius: $0.0, endRadius: $0.1, stepsPerTurn: $0.2, clockwise: $0.3 == 1,
                        startDegrees: $0.4, restingThirdFinger: $0.5 == 1) }

    @Test("two fingers circling three full turns report six pi of rotation, unwrapped, and the radius ratio as scale",
          arguments: ["bare view", "Gestures page"])
    func threeTurnsAreSixPi(on area: String) async {
        await propertyCheck(count: 50, input: Self.circles) { circling in
            let fixture = area == "bare view" ? PinchRotationFixture.bareView() : PinchRotationFixture.gesturesPage()
            let result = circling.perform(on: fixture)
            let turns = 3.0, direction = circling.clockwise ? 1.0 : -1.0
            let expectedRotation = direction * turns * 2 * .pi
            let expectedScale = circling.radiusRatio(in: fixture.stage)
            #expect(abs(result.rotation - expectedRotation) < 1e-6,
                    "rotation \(result.rotation), expected \(expectedRotation)")
            #expect(abs(result.endedRotation - expectedRotation) < 1e-6,
                    "the ended action saw \(result.endedRotation), expected \(expectedRotation)")
            #expect(abs(result.scale - expectedScale) < 1e-6 * expectedScale,
                    "scale \(result.scale), expected \(expectedScale)")
            #expect(result.rotationStates == [.began, .changed, .ended], "rotation went \(result.rotationStates)")
        }
    }
}
