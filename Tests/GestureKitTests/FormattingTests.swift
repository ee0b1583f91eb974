import Testing
import GestureKit

/// `formatFixed` / `appendFixed`: numbers as `%.Nf` prints them, for the
/// seeds' feedback texts ("Pinched, Scale:1.50, Velocity:0.32").
@Suite("Fixed-point formatting")
struct FormattingTests {
    @Test("two decimals by default, rounded half away from zero, padded with zeros",
          arguments: [(1.5, "1.50"), (0.324, "0.32"), (0.325, "0.33"), (1.05, "1.05"), (0.001, "0.00"),
                      (12.0, "12.00"), (-0.52, "-0.52"), (-0.004, "0.00"), (1234.5678, "1234.57"), (0, "0.00")])
    func twoDecimals(value: Double, text: String) {
        #expect(formatFixed(value) == text)
    }

    @Test("other digit counts: none, one, three")
    func digitCounts() {
        #expect(formatFixed(2.6, digits: 0) == "3")
        #expect(formatFixed(-2.6, digits: 0) == "-3")
        #expect(formatFixed(0.05, digits: 1) == "0.1")
        #expect(formatFixed(3.14159, digits: 3) == "3.142")
        #expect(formatFixed(0.0005, digits: 3) == "0.001")
    }

    @Test("whole parts cut toward zero, on both sides of zero; non-finite values as Swift prints them")
    func wholeParts() {
        #expect(formatWhole(10.9) == "10")
        #expect(formatWhole(10) == "10")
        #expect(formatWhole(-3.7) == "-3")
        #expect(formatWhole(0.99) == "0")
        #expect(formatWhole(.nan) == "nan")
    }

    @Test("non-finite and huge values read as Swift prints them")
    func extremes() {
        #expect(formatFixed(.infinity) == "inf")
        #expect(formatFixed(.nan) == "nan")
        #expect(formatFixed(1e20) == "1e+20")
    }

    @Test("coordinates: whole numbers bare, others to one decimal; huge and non-finite ones as Swift prints them")
    func coordinates() {
        #expect(formatCoordinate(600) == "600")
        #expect(formatCoordinate(-12.34) == "-12.3")
        #expect(formatCoordinate(1e20) == "1e+20")
        #expect(formatCoordinate(-.infinity) == "-inf")
        #expect(formatCoordinate(.nan) == "nan")
        #expect(Point(x: 1e308, y: 2).description == "(1e+308,2)")
    }

    @Test("appending builds onto the text already there")
    func appends() {
        var text = "Scale:"
        appendFixed(1.5, to: &text)
        text += ", Velocity:"
        appendFixed(-0.32, to: &text)
        #expect(text == "Scale:1.50, Velocity:-0.32")
    }
}
