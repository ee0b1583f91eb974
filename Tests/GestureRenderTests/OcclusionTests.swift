import GestureKit
import GestureRender
import Testing

/// Views an opaque view hides wholly within the repainted area are not
/// drawn at all. These tests hold the renderer to what that must not
/// change (the pixels a whole repaint gives) and to when it may apply.
@Suite("Rendering: what an opaque view hides")
struct OcclusionTests {
    static let size = 120

    /// A view that counts how often it draws its content.
    final class CountingView: View {
        var draws = 0
        override func draw(_ rect: Rect, in canvas: Canvas) {
            draws += 1
            canvas.fill(rect.insetBy(dx: 10, dy: 10), color: Color(rgb: 0x00ff00))
        }
    }

    /// A grey page filling the window, a counting view on it, and above
    /// both a blue card with rounded corners; `adjust` changes the card.
    static func scene(_ adjust: (View) -> Void = { _ in }) -> (window: Window, hidden: CountingView) {
        let window = Window(size: Size(width: Double(size), height: Double(size)), timeSource: VirtualTimeSource())
        window.backgroundColor = .white
        let page = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        page.backgroundColor = Color(rgb: 0xeeeeee)
        let hidden = CountingView(frame: Rect(x: 30, y: 30, width: 60, height: 60))
        hidden.backgroundColor = Color(rgb: 0xff0000)
        let card = View(frame: Rect(x: 20, y: 20, width: 80, height: 80))
        card.backgroundColor = Color(rgb: 0x0000ff)
        card.cornerRadius = 12
        adjust(card)
        page.addSubview(hidden)
        page.addSubview(card)
        window.addSubview(page)
        window.layoutIfNeeded()
        return (window, hidden)
    }

    /// Renders the scene whole, then only within `clip` over a buffer of
    /// another colour: how many pixels differ from the whole repaint
    /// within `compared` (the whole clip by default), and how often the
    /// covered view (placed at `hiddenFrame`, if given) drew during the
    /// partial one.
    static func repaint(_ clip: Region, comparing compared: Region? = nil, hiddenFrame: Rect? = nil,
                        _ adjust: (View) -> Void = { _ in }) -> (differing: Int, hiddenDraws: Int) {
        let (window, hidden) = scene(adjust)
        if let hiddenFrame {
            hidden.frame = hiddenFrame
            window.layoutIfNeeded()
        }
        let whole = PartialRepaint.render(window, size: size, clip: nil)
        hidden.draws = 0
        let partial = PartialRepaint.render(window, size: size, clip: clip, over: 0xff12_3456)
        return (PartialRepaint.differing(partial, whole, size: size, within: compared ?? clip), hidden.draws)
    }

    /// Inside the card, clear of its corners.
    static let insideCard = Region(Rect(x: 40, y: 36, width: 40, height: 50))

    @Test("a view hidden under an opaque card is not drawn, and the pixels are a whole repaint's")
    func hiddenUnderACard() {
        let result = Self.repaint(Self.insideCard)
        #expect(result.differing == 0)
        #expect(result.hiddenDraws == 0)
    }

    @Test("a repainted area that cuts through a pixel counts the whole pixel")
    func fractionalArea() {
        // The card's edge at 20.3 only partly covers pixel column 20, which
        // an area starting at 20.4 writes: the card must not count as
        // covering it. (Pixels the area cuts through differ from a whole
        // repaint anyway; only the count is held here.)
        let result = Self.repaint(Region(Rect(x: 20.4, y: 40, width: 30, height: 30))) { card in
            card.frame = Rect(x: 20.3, y: 20, width: 80, height: 80)
        }
        #expect(result.hiddenDraws == 1)
    }

    @Test("a card that is translucent, turned, or not over all of it hides nothing",
          arguments: ["translucent view", "translucent colour", "turned", "partly"])
    func coversNothing(_ variant: String) {
        var clip = Self.insideCard
        let adjust: (View) -> Void
        switch variant {
        case "translucent view": adjust = { $0.alpha = 0.5 }
        case "translucent colour": adjust = { $0.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5) }
        case "turned": adjust = { $0.transform = AffineTransform(rotationAngle: 0.05) }
        default:
            adjust = { _ in }
            clip = Region(Rect(x: 10, y: 40, width: 40, height: 30))
        }
        let result = Self.repaint(clip, adjust)
        #expect(result.differing == 0)
        #expect(result.hiddenDraws == 1)
    }

    @Test("parts of the repainted area on different opaque views are each drawn from their own, and the pixels are a whole repaint's")
    func partsOnDifferentCovers() {
        // One part inside the card, one in the page's corner: the card
        // hides the counting view in the first, the page alone is drawn
        // in the second.
        var clip = Self.insideCard
        clip.formUnion(Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(clip.rects.count == 2)
        let result = Self.repaint(clip)
        #expect(result.differing == 0)
        #expect(result.hiddenDraws == 0)
    }

    @Test("parts on different opaque views that share a pixel are drawn in one pass")
    func partsSharingAPixel() {
        // The card's part ends and the page's part begins halfway across
        // pixel column 99: drawn apart, that pixel would take half of each
        // pass over what the buffer held.
        var clip = Region(Rect(x: 40, y: 36, width: 59.5, height: 10))
        clip.formUnion(Rect(x: 99.5, y: 36, width: 10.5, height: 40))
        #expect(clip.rects.count == 2)
        // Where both parts meet, every pixel is covered whole.
        let result = Self.repaint(clip, comparing: Region(Rect(x: 40, y: 36, width: 70, height: 10)))
        #expect(result.differing == 0)
        #expect(result.hiddenDraws == 1)
    }

    @Test("a part reaching into an opaque card's rounded corners is covered by the card once what lies under its corners is drawn")
    func partOverRoundedCorners() {
        // The whole card, corners and all; the counting view lies under it
        // in the rows between the corners only.
        let result = Self.repaint(Region(Rect(x: 20, y: 20, width: 80, height: 80)),
                                  hiddenFrame: Rect(x: 30, y: 40, width: 60, height: 40))
        #expect(result.differing == 0)
        #expect(result.hiddenDraws == 0)
    }

    @Test("what lies under a card's rounded corners is drawn in the corners' rows")
    func underRoundedCorners() {
        // The counting view reaches into the rows of the card's top
        // corners: it is drawn there, under the card.
        let result = Self.repaint(Region(Rect(x: 20, y: 20, width: 80, height: 80)))
        #expect(result.differing == 0)
        #expect(result.hiddenDraws == 1)
    }

    @Test("an opaque card inside a clipping view with rounder corners covers nothing where the clip's corners cut it")
    func cardInsideRounderClip() {
        // The card fills the clipping view, whose corners are rounder than
        // the card's: they cut the card below the rows of its own corners,
        // and what lies under them must be drawn there.
        let window = Window(size: Size(width: Double(Self.size), height: Double(Self.size)), timeSource: VirtualTimeSource())
        let page = View(frame: Rect(x: 0, y: 0, width: 120, height: 120))
        page.backgroundColor = Color(rgb: 0xeeeeee)
        let frame = View(frame: Rect(x: 20, y: 20, width: 80, height: 80))
        frame.clipsToBounds = true
        frame.cornerRadius = 20
        let card = View(frame: Rect(x: 0, y: 0, width: 80, height: 80))
        card.backgroundColor = Color(rgb: 0x0000ff)
        card.cornerRadius = 4
        frame.addSubview(card)
        page.addSubview(frame)
        window.addSubview(page)
        window.layoutIfNeeded()
        let clip = Region(Rect(x: 20, y: 20, width: 80, height: 80))
        let whole = PartialRepaint.render(window, size: Self.size, clip: nil)
        let partial = PartialRepaint.render(window, size: Self.size, clip: clip, over: 0xff12_3456)
        #expect(PartialRepaint.differing(partial, whole, size: Self.size, within: clip) == 0)
    }
}
