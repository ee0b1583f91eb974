import GestureKit
import GestureRender
import Testing

/// The canvas cuts an ellipse that reaches beyond a drawn image as a
/// polygon of its own making rather than through cairo's clip, and fills
/// the band of a rounded outline rather than stroking it. These tests hold
/// each pixel to the exact shape: every pixel whose centre lies clearly
/// inside it is painted, every one clearly outside is not (anti-aliased
/// edges may go either way).
@Suite("Rendering: shapes' exact geometry")
struct ShapeGeometryTests {
    static let green = Color(rgb: 0x00ff00)
    /// How far from an edge a pixel centre must be to count as clearly on
    /// one side of it, in the image's own units (1.5 of them show as 2.4
    /// pixels at the scale below; a pixel's corner is 0.71 from its centre).
    static let margin = 1.5

    /// `content` as the suites' turned image (`TurnedImage`).
    static func render(_ rendering: Image.Rendering = .drawing, cornerRadius: Double = 0,
                       _ content: @escaping @Sendable (Canvas, Rect) -> Void) -> (RenderedImage, Window, ImageView) {
        TurnedImage.render(rendering, cornerRadius: cornerRadius, content)
    }

    /// How far `p` is inside the ellipse filling `rect`, roughly in its
    /// units (negative outside): the radial distance to the boundary.
    static func depth(of p: Point, inEllipse rect: Rect) -> Double {
        let dx = (p.x - rect.midX) / (rect.width / 2), dy = (p.y - rect.midY) / (rect.height / 2)
        let r = (dx * dx + dy * dy).squareRoot()
        return (1 - r) * min(rect.width, rect.height) / 2
    }

    /// How far `p` is inside `rect` (negative outside).
    static func depth(of p: Point, in rect: Rect) -> Double {
        min(p.x - rect.minX, rect.maxX - p.x, p.y - rect.minY, rect.maxY - p.y)
    }

    @Test("an ellipse reaching past a turned image's edges is filled exactly to them")
    func ellipseCutAtTheEdges() {
        // Spills past the left, top and bottom edges.
        let disc = Rect(x: -60, y: -30, width: 180, height: 220)
        let (image, window, view) = Self.render { canvas, r in canvas.fillEllipse(in: disc, color: Self.green) }
        let bounds = TurnedImage.bounds
        var painted = 0, clear = 0
        TurnedImage.eachPixel(of: image, in: view) { x, y, _, p in
            let inside = min(Self.depth(of: p, inEllipse: disc), Self.depth(of: p, in: bounds))
            let isGreen = image.argb(x: x, y: y) == 0xff00_ff00
            if inside > Self.margin {
                painted += 1
                #expect(isGreen, "pixel (\(x), \(y)) inside the cut disc is \(String(image.argb(x: x, y: y), radix: 16))")
            } else if inside < -Self.margin {
                clear += 1
                #expect(image.argb(x: x, y: y) == 0xffff_ffff, "pixel (\(x), \(y)) outside the cut disc is painted")
            }
        }
        withExtendedLifetime(window) {}
        // The image shows as 160x128 pixels (20,480); the disc's part covers
        // more than half of it.
        #expect(painted > 8_000, "\(painted) pixels clearly inside")
        #expect(clear > 30_000, "\(clear) pixels clearly outside")
    }

    @Test("an ellipse far larger than any screen, reaching past the image, still fills it",
          arguments: [1e9, 1e17])
    func hugeEllipse(radius: Double) {
        let bounds = TurnedImage.bounds
        let disc = Rect(x: bounds.midX - radius, y: bounds.midY - radius, width: 2 * radius, height: 2 * radius)
        let (image, window, view) = Self.render { canvas, _ in canvas.fillEllipse(in: disc, color: Self.green) }
        var inside = 0
        TurnedImage.eachPixel(of: image, in: view) { x, y, _, p in
            guard Self.depth(of: p, in: bounds) > Self.margin else { return }
            inside += 1
            #expect(image.argb(x: x, y: y) == 0xff00_ff00, "pixel (\(x), \(y)) inside the image")
        }
        withExtendedLifetime(window) {}
        #expect(inside > 15_000, "\(inside) pixels inside the image")
    }

    @Test("an ellipse of absurd size draws without stopping the app", arguments: [1e300, .infinity, .nan])
    func absurdEllipse(size: Double) {
        // Past what floating point can cut precisely, what shows is not
        // promised; only that drawing goes on.
        let (image, window, _) = Self.render { canvas, _ in
            canvas.fillEllipse(in: Rect(x: -size / 2, y: 0, width: size, height: size), color: Self.green)
            canvas.fill(Rect(x: 90, y: 70, width: 20, height: 20), color: .black)
        }
        withExtendedLifetime(window) {}
        // The square drawn after it is there.
        #expect(image.argb(x: 160, y: 160) == 0xff00_0000)
    }

    /// How far `p` is inside `rect` with corners rounded by `radius`
    /// (negative outside).
    static func depth(of p: Point, in rect: Rect, radius: Double) -> Double {
        let inner = rect.insetBy(dx: radius, dy: radius)
        let dx = max(inner.minX - p.x, 0, p.x - inner.maxX), dy = max(inner.minY - p.y, 0, p.y - inner.maxY)
        guard dx > 0 || dy > 0 else { return depth(of: p, in: rect) }
        return radius - (dx * dx + dy * dy).squareRoot()
    }

    @Test("an image with rounded corners cuts a disc reaching past one to its curve, drawn or as a bitmap",
          arguments: [Image.Rendering.drawing, .bitmap])
    func ellipseCutAtARoundedCorner(_ rendering: Image.Rendering) {
        // Spills past the bottom-left corner, rounded by 40.
        let disc = Rect(x: -80, y: 40, width: 200, height: 200)
        let (image, window, view) = Self.render(rendering, cornerRadius: 40) { canvas, r in
            canvas.fillEllipse(in: disc, color: Self.green)
        }
        let bounds = TurnedImage.bounds
        let corner = Rect(x: 0, y: 120, width: 40, height: 40)
        var painted = 0, cutAtCorner = 0
        // A bitmap's edges are filtered: its margin is wider.
        let margin = rendering == .bitmap ? 2 * Self.margin : Self.margin
        TurnedImage.eachPixel(of: image, in: view) { x, y, _, p in
            let inside = min(Self.depth(of: p, inEllipse: disc), Self.depth(of: p, in: bounds, radius: 40))
            if inside > margin {
                painted += 1
                #expect(image.argb(x: x, y: y) == 0xff00_ff00, "pixel (\(x), \(y)) inside the cut disc")
            } else if inside < -margin {
                if corner.contains(p) && Self.depth(of: p, in: bounds) > margin { cutAtCorner += 1 }
                #expect(image.argb(x: x, y: y) == 0xffff_ffff, "pixel (\(x), \(y)) outside the cut disc is painted")
            }
        }
        withExtendedLifetime(window) {}
        #expect(painted > 5_000, "\(painted) pixels clearly inside")
        // The corner's square beyond its curve is 40 x 40 x (1 - pi / 4) of
        // the image's units (2.56 pixels each); most of it lies within the
        // margins of the curve or the edges.
        #expect(cutAtCorner > (rendering == .bitmap ? 40 : 80), "\(cutAtCorner) pixels of the corner cut away")
    }

    @Test("a rounded outline is the band between its outer and inner edges, at every corner",
          arguments: [(radius: 24.0, lineWidth: 10.0), (radius: 3.0, lineWidth: 10.0), (radius: 0.0, lineWidth: 6.0)])
    func outlineBand(radius: Double, lineWidth: Double) {
        let (image, window, view) = Self.render { canvas, r in
            canvas.strokeRoundedRect(r, radius: radius, color: .black, lineWidth: lineWidth)
        }
        let bounds = TurnedImage.bounds
        // The line runs along the rounded rectangle inset by half its width:
        // a pixel is in the band when its distance from that path is at
        // most half the width.
        let middle = bounds.insetBy(dx: lineWidth / 2, dy: lineWidth / 2)
        let rad = middle.fittingCornerRadius(radius)
        var inBand = 0, inHole = 0
        TurnedImage.eachPixel(of: image, in: view) { x, y, _, p in
            guard Self.depth(of: p, in: bounds) > -Self.margin else { return }
            let d = abs(Self.depth(of: p, in: middle, radius: rad))
            let isBlack = image.argb(x: x, y: y) == 0xff00_0000
            if d < lineWidth / 2 - Self.margin && Self.depth(of: p, in: bounds) > Self.margin {
                inBand += 1
                #expect(isBlack, "pixel (\(x), \(y)) in the band is \(String(image.argb(x: x, y: y), radix: 16))")
            } else if d > lineWidth / 2 + Self.margin {
                inHole += 1
                #expect(image.argb(x: x, y: y) == 0xffff_ffff, "pixel (\(x), \(y)) off the band is painted")
            }
        }
        withExtendedLifetime(window) {}
        #expect(inBand > 500, "\(inBand) pixels clearly in the band")
        // The hole inside the band: most of the image's 20,480 pixels.
        #expect(inHole > 12_000, "\(inHole) pixels clearly off it")
    }
}
