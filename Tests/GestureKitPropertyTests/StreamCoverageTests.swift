import DemoApp
import GestureKit
import PropertyBased
import Testing

/// The stream properties only mean something if the random streams make
/// gestures happen, not just fail. This checks, on a fixed seed so that it
/// cannot flake, that they drive every kind of recognizer through the
/// outcomes the properties are about.
@Suite("Random raw touch streams exercise every recognizer outcome")
struct StreamCoverageTests {
    @Test("over 150 streams per window, taps and swipes recognize, continuous gestures begin, change, end or are cancelled, and all kinds fail")
    func streamsReachEveryOutcome() {
        var rng = Xoshiro(seed: (0x5EED, 1, 2, 3))
        var reached: Set<String> = []
        let windows: [(make: () -> WindowUnderTest, size: Size)] = [
            (NestedRecognizersFixture.make, NestedRecognizersFixture.size),
            ({ PageFixture.make(.flatcube) }, PageFixture.size),
            ({ PageFixture.make(.gestures) }, PageFixture.size),
        ]
        for (make, size) in windows {
            let streams = RawInput.streams(width: size.width, height: size.height)
            for _ in 0..<150 {
                reached.formUnion(make().run(streams.run(using: &rng)).statesReached)
            }
        }
        let expected: Set<String> = [
            "Tap: ended", "Tap: failed", "Swipe: ended", "Swipe: failed", "CheckMark: ended", "CheckMark: failed",
            "LongPress: began", "LongPress: changed", "LongPress: cancelled", "LongPress: failed",
            "Pan: began", "Pan: changed", "Pan: ended", "Pan: cancelled", "Pan: failed",
            "Pinch: began", "Pinch: changed", "Pinch: cancelled", "Pinch: failed",
            "Rotation: began", "Rotation: changed", "Rotation: cancelled", "Rotation: failed",
        ]
        #expect(expected.isSubset(of: reached), "never reached: \(expected.subtracting(reached).sorted())")
    }
}
