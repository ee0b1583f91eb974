import CCairo
import GestureKit

/// One font's glyphs as cairo sets text in it: for each character, the
/// glyph cairo picks and how far it moves the pen.
///
/// Cairo sets text one glyph per Unicode scalar, each placed where the
/// previous one's advance left the pen, with no kerning or shaping; so the
/// width of a text is the sum of its characters' advances, added in order,
/// which is how cairo adds them (`cairo_text_extents` gives the same
/// figure), and the glyphs to draw follow from the same table. A label
/// whose text changes every frame is then measured and drawn without
/// asking cairo to convert, look up and measure the whole text again each
/// time: only a character never seen in the font goes to cairo, once.
final class GlyphTable {
    struct Glyph {
        /// The glyph's index in the font.
        var index: UInt
        /// How far it moves the pen, in user space (unhinted).
        var advance: Double
        /// Its ink, as cairo measures it, in user space: how far right of
        /// the pen it ends, and from the baseline down, where it begins and
        /// ends (`inkTop` above `inkBottom` only for a glyph with ink).
        var inkRight = 0.0
        var inkTop = Double.infinity, inkBottom = -Double.infinity
    }

    /// The face text in this font is drawn with (a reference of ours).
    let face: OpaquePointer
    let font: Font
    let metrics: FontMetrics
    /// The font at scale 1, unhinted metrics: where the glyphs come from.
    private let scaledFont: OpaquePointer
    /// ASCII, looked up by value; nil until first asked for. Read for
    /// every character measured or drawn, and never while an access to it
    /// lasts: without the run-time exclusivity check.
    @exclusivity(unchecked) private var ascii = [Glyph?](repeating: nil, count: 128)
    private var others: [Unicode.Scalar: Glyph] = [:]
    /// The glyphs' images as cairo composites them at scale 1, each
    /// captured from cairo once (`image(of:)`): their coverage, one after
    /// the other in `imageStore`, and where each lies there, by glyph
    /// index (directly in an array below `directImageLimit`, in a
    /// dictionary above). A run of text looks each of its glyphs up once
    /// and copies no coverage (`GlyphTable.composite`).
    @exclusivity(unchecked) var imageStore: [UInt8] = []
    @exclusivity(unchecked) private var directImages: [Image?] = []
    private var otherImages: [UInt: Image] = [:]
    var imageBytes: Int { imageStore.count }
    private static let directImageLimit: UInt = 2048
    /// Bytes of images kept, per font (a byte a pixel: hundreds of glyphs
    /// even at a large size), past which they are forgotten before the
    /// next run of text is drawn (`forgetImagesPastLimit()`) and taken
    /// again as needed, so text in many scripts cannot grow the cache
    /// without end. Within one run they are all kept: the store goes past
    /// the limit by at most that run's new images.
    static let imageBytesLimit = 1 << 20
    /// Room for the mask a run of overlapping glyphs is added into, kept
    /// from run to run.
    @exclusivity(unchecked) var maskRoom: [UInt8] = []
    /// Characters beyond ASCII remembered at most (text in many scripts
    /// would otherwise grow the table without end in a long session).
    private static let othersLimit = 4096

    /// The table of the font that `cr`, a context at scale 1, has
    /// selected, or nil if cairo could not make it.
    init?(font: Font, selectedIn cr: OpaquePointer) {
        guard let scaled = cairo_get_scaled_font(cr), cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS,
              let face = cairo_get_font_face(cr), cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            return nil
        }
        scaledFont = cairo_scaled_font_reference(scaled)
        self.face = cairo_font_face_reference(face)
        self.font = font
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &extents)
        metrics = FontMetrics(ascent: extents.ascent, descent: extents.descent)
    }

    deinit {
        cairo_scaled_font_destroy(scaledFont)
        cairo_font_face_destroy(face)
    }

    /// The font at scale 1 as cairo draws with it, for capturing glyph
    /// images (`captureImage(of:)`).
    var scaledFontForImages: OpaquePointer { scaledFont }

    /// Glyph `index`'s image at scale 1, captured from cairo when first
    /// asked for; the images kept are forgotten first if past their limit.
    func image(of index: UInt) -> Image {
        forgetImagesPastLimit()
        return keptImage(of: index)
    }

    /// Forgets the glyph images kept if they are past `imageBytesLimit`.
    func forgetImagesPastLimit() {
        guard imageStore.count > Self.imageBytesLimit else { return }
        imageStore.removeAll(keepingCapacity: false)
        directImages.removeAll(keepingCapacity: true)
        otherImages.removeAll(keepingCapacity: true)
    }

    /// Glyph `index`'s image, captured and kept when first asked for,
    /// whatever the bytes kept.
    func keptImage(of index: UInt) -> Image {
        if index < Self.directImageLimit {
            let slot = Int(index)
            if slot < directImages.count, let known = directImages[slot] { return known }
            let image = captureImage(of: index)
            if slot >= directImages.count {
                directImages.append(contentsOf: repeatElement(nil, count: slot + 1 - directImages.count))
            }
            directImages[slot] = image
            return image
        }
        if let known = otherImages[index] { return known }
        let image = captureImage(of: index)
        otherImages[index] = image
        return image
    }

    func glyph(for scalar: Unicode.Scalar) -> Glyph {
        let value = Int(scalar.value)
        if value < 128 {
            if let known = ascii[value] { return known }
            let glyph = lookUp(scalar)
            ascii[value] = glyph
            return glyph
        }
        if let known = others[scalar] { return known }
        let glyph = lookUp(scalar)
        if others.count >= Self.othersLimit { others.removeAll(keepingCapacity: true) }
        others[scalar] = glyph
        return glyph
    }

    /// The advance of `text` set on one line.
    func width(of text: String) -> Double {
        var pen = 0.0
        for scalar in text.unicodeScalars { pen += glyph(for: scalar).advance }
        return pen
    }

    /// Selects this font in `cr`, as `CairoText.select` would, without
    /// looking the face up again.
    func select(in cr: OpaquePointer) {
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, font.size)
        CairoText.setOptions(in: cr)
    }

    /// Draws `text` on one line from `x` along `baseline` with the font
    /// selected in `cr` (`select(in:)`), exactly as `cairo_show_text`
    /// would: from the pen position cairo keeps (in device space, to a
    /// 256th of a pixel), one glyph after the other. Only the glyphs that
    /// may reach cairo's clip are handed to cairo: a label repainting the
    /// few characters that changed has cairo look up and place those,
    /// not the whole line.
    ///
    /// The pixels are the same as the whole line's. Cairo composites a
    /// run of glyphs only within the box around the ink of the glyphs it
    /// draws (as it measures them, unhinted), and a hinted glyph can reach
    /// a row past its own box: past the run's box, that row is cut, as it
    /// is not where a deeper glyph of the line widens the box (the tip of a
    /// ")" in "Image touched at (1,2)", cut under a clip over its end but
    /// not in the whole line, whose "g" reaches lower). So the glyphs of
    /// the line that reach highest and lowest go to cairo as well, moved
    /// left of the clip: their ink falls outside it, and the box is the
    /// whole line's.
    func show(_ text: String, x: Double, baseline: Double, in cr: OpaquePointer) {
        place(text, x: x, baseline: baseline, in: cr) { glyphs in
            cairo_show_glyphs(cr, glyphs.baseAddress, Int32(glyphs.count))
        }
    }

    /// The glyphs `show` hands cairo, in user space, given to `draw`
    /// (nothing when none of them may reach the clip).
    func place(_ text: String, x: Double, baseline: Double, in cr: OpaquePointer,
               _ draw: (UnsafeMutableBufferPointer<cairo_glyph_t>) -> Void) {
        let count = text.unicodeScalars.count
        guard count > 0 else { return }
        var start = (x: x, y: baseline)
        cairo_move_to(cr, x, baseline)
        cairo_get_current_point(cr, &start.x, &start.y)
        cairo_new_path(cr)
        // The clip's extent along the line, widened by an em on each side
        // for glyphs whose ink reaches past their advance.
        var clip = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
        cairo_clip_extents(cr, &clip.x0, &clip.y0, &clip.x1, &clip.y1)
        let from = clip.x0 - font.size, to = clip.x1 + font.size
        // Room for the two glyphs that reach highest and lowest.
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: count + 2) { glyphs in
            var pen = start.x
            var placed = 0
            var highest = Glyph(index: 0, advance: 0), lowest = highest
            var placedTop = Double.infinity, placedBottom = -Double.infinity
            for scalar in text.unicodeScalars {
                let glyph = glyph(for: scalar)
                if glyph.inkTop < highest.inkTop { highest = glyph }
                if glyph.inkBottom > lowest.inkBottom { lowest = glyph }
                if pen + glyph.advance >= from && pen <= to {
                    glyphs[placed] = cairo_glyph_t(index: glyph.index, x: pen, y: start.y)
                    placed += 1
                    placedTop = Swift.min(placedTop, glyph.inkTop)
                    placedBottom = Swift.max(placedBottom, glyph.inkBottom)
                }
                pen += glyph.advance
            }
            guard placed > 0 else { return }
            // An em left of the clip, inside the 10 ems around it where
            // cairo keeps the glyphs it is given.
            func placeLeftOfClip(_ extreme: Glyph) {
                glyphs[placed] = cairo_glyph_t(index: extreme.index, x: clip.x0 - font.size - extreme.inkRight, y: start.y)
                placed += 1
            }
            if placed < count {
                if highest.inkTop < placedTop { placeLeftOfClip(highest) }
                if lowest.inkBottom > placedBottom { placeLeftOfClip(lowest) }
            }
            draw(UnsafeMutableBufferPointer(rebasing: glyphs[..<placed]))
        }
    }

    /// What cairo makes of `scalar` alone; a character cairo cannot set
    /// (it never fails for a valid one) takes no room and draws glyph 0.
    private func lookUp(_ scalar: Unicode.Scalar) -> Glyph {
        // The character's UTF-8 and its glyph both fit on the stack, so
        // cairo is given room for the glyph and allocates nothing.
        var glyph = cairo_glyph_t()
        let status = withUnsafeMutablePointer(to: &glyph) { room -> cairo_status_t in
            var glyphs: UnsafeMutablePointer<cairo_glyph_t>? = room
            var count: Int32 = 1
            let status = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4) { utf8 in
                var length: Int32 = 0
                for unit in scalar.utf8 {
                    utf8[Int(length)] = CChar(bitPattern: unit)
                    length += 1
                }
                return cairo_scaled_font_text_to_glyphs(scaledFont, 0, 0, utf8.baseAddress, length, &glyphs, &count,
                                                        nil, nil, nil)
            }
            // Cairo allocates a larger array only if the room given is too
            // small, which one character never needs; free it if it did.
            if let glyphs, glyphs != room {
                if status == CAIRO_STATUS_SUCCESS, count == 1 { room.pointee = glyphs.pointee }
                cairo_glyph_free(glyphs)
            }
            return count == 1 ? status : CAIRO_STATUS_INVALID_STRING
        }
        guard status == CAIRO_STATUS_SUCCESS else { return Glyph(index: 0, advance: 0) }
        return measured(glyph.index)
    }

    /// Glyph `index` with its advance (how far cairo moves the pen past
    /// it) and its ink.
    private func measured(_ index: UInt) -> Glyph {
        var glyph = cairo_glyph_t(index: index, x: 0, y: 0)
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaledFont, &glyph, 1, &extents)
        var measured = Glyph(index: index, advance: extents.x_advance)
        if extents.width > 0 && extents.height > 0 {
            measured.inkRight = extents.x_bearing + extents.width
            measured.inkTop = extents.y_bearing
            measured.inkBottom = extents.y_bearing + extents.height
        }
        return measured
    }
}
