import GestureKit
import PropertyBased
import Testing

/// `fixedUnits`, which rounds without the C library's `round`: the same
/// units as `(v * 10^digits).rounded()` for every value, the halves, the
/// limit at 10^15 units and the values that are not numbers included.
@Suite("Fixed-point units")
struct FixedUnitsTests {
    /// What `fixedUnits` must return: rounded half away from zero by the
    /// standard library, nil where the text is Swift's own.
    static func expected(_ v: Double, digits: Int) -> Int? {
        guard v.isFinite else { return nil }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (v * scale).rounded()
        return abs(scaled) < 1e15 ? Int(scaled) : nil
    }

    /// Any double at all, from its bits: every magnitude, both zeros,
    /// subnormals, infinities and NaNs.
    static let anyDouble = Gen.uint(in: 0...UInt.max).map { Double(bitPattern: UInt64($0)) }

    /// Values whose scaled form lies on or next to a half (n + 0.5, and a
    /// step of the last bit either side), from small to just past 10^15.
    static let nearHalves = zip(Gen.int(in: -1_000_000_000_000_001...1_000_000_000_000_001), Gen.int(in: -1...1),
                                Gen.int(in: 0...3))
        .map { whole, nudge, digits -> (Double, Int) in
            var scale = 1.0
            for _ in 0..<digits { scale *= 10 }
            var half = Double(whole) + 0.5
            if nudge < 0 { half = half.nextDown }
            if nudge > 0 { half = half.nextUp }
            return (half / scale, digits)
        }

    @Test("any double, at 0 to 3 decimals, gives the units rounding it gives")
    func anyValue() async {
        await propertyCheck(count: 2000, input: zip(Self.anyDouble, Gen.int(in: 0...3))) { v, digits in
            #expect(fixedUnits(v, digits: digits) == Self.expected(v, digits: digits), "\(v) at \(digits)")
        }
    }

    @Test("values at and beside halves, up to the 10^15 units limit, round alike")
    func halves() async {
        await propertyCheck(count: 2000, input: Self.nearHalves) { v, digits in
            #expect(fixedUnits(v, digits: digits) == Self.expected(v, digits: digits), "\(v) at \(digits)")
        }
    }

    @Test("the edges: a half either way, and the last units below the limit")
    func edges() {
        for (v, digits) in [(0.5, 0), (-0.5, 0), (2.5, 0), (-2.5, 0), (0.49999999999999994, 0), (999_999_999_999_999.4, 0),
                            (999_999_999_999_999.5, 0), (-999_999_999_999_999.5, 0), (1e15, 0), (0.125, 2), (-0.125, 2)] {
            #expect(fixedUnits(v, digits: digits) == Self.expected(v, digits: digits), "\(v) at \(digits)")
        }
        #expect(fixedUnits(0.5, digits: 0) == 1)
        #expect(fixedUnits(-0.5, digits: 0) == -1)
        #expect(fixedUnits(999_999_999_999_999.5, digits: 0) == nil)
    }
}
