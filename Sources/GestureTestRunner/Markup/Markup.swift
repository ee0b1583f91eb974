import GestureKit

/// A node of an HTML, SVG or XML document. Text and attribute values are
/// escaped when the document is written, so no caller ever builds markup
/// by string concatenation (and a label text such as `<b>` or `"&"` in a
/// report shows as written).
public enum Markup: Sendable {
    case element(String, [(String, String)], [Markup])
    case text(String)
    /// Trusted text written as is: only the report's own constant
    /// stylesheet, whose selectors use `>`.
    case trusted(String)

    /// An element with attributes in the order given (so documents are
    /// byte-for-byte reproducible) and children built by `content`.
    public static func el(_ name: String, _ attributes: [(String, String)] = [],
                          @MarkupBuilder _ content: () -> [Markup] = { [] }) -> Markup {
        .element(name, attributes, content())
    }

    /// The node as text. `xml` writes every empty element as `<a/>`; in
    /// HTML only the void elements and SVG's leaf shapes are, the rest get
    /// a closing tag, so the page is both valid HTML and well-formed XML.
    public func render(xml: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, xml: xml, indent: xml ? 0 : nil)
        return String(decoding: out, as: UTF8.self)
    }

    private static let selfClosing: Set<String> = [
        "br", "hr", "img", "meta", "link", "input",
        "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "image", "stop", "use",
    ]

    /// `indent` (XML only, in spaces) puts each child of an element that
    /// holds only elements on a line of its own, for people reading the
    /// file; text content is never touched. Written as UTF-8 bytes: a
    /// report has thousands of nodes, and bytes append without the checks
    /// a `String` makes.
    private func write(into out: inout [UInt8], xml: Bool, indent: Int?) {
        switch self {
        case .text(let s): Markup.escape(s, into: &out, quotes: false)
        case .trusted(let s): out.append(contentsOf: s.utf8)
        case .element(let name, let attributes, let children):
            out.append(UInt8(ascii: "<"))
            out.append(contentsOf: name.utf8)
            for (key, value) in attributes {
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: key.utf8)
                out.append(UInt8(ascii: "="))
                out.append(UInt8(ascii: "\""))
                Markup.escape(value, into: &out, quotes: true)
                out.append(UInt8(ascii: "\""))
            }
            if children.isEmpty && (xml || Markup.selfClosing.contains(name)) {
                out.append(UInt8(ascii: "/"))
                out.append(UInt8(ascii: ">"))
                return
            }
            out.append(UInt8(ascii: ">"))
            let nested = indent != nil && children.allSatisfy { if case .element = $0 { true } else { false } }
            for child in children {
                if nested, let indent { Markup.newline(into: &out, indent: indent + 2) }
                child.write(into: &out, xml: xml, indent: nested ? indent.map { $0 + 2 } : nil)
            }
            if nested, let indent { Markup.newline(into: &out, indent: indent) }
            out.append(UInt8(ascii: "<"))
            out.append(UInt8(ascii: "/"))
            out.append(contentsOf: name.utf8)
            out.append(UInt8(ascii: ">"))
        }
    }

    private static func newline(into out: inout [UInt8], indent: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    /// Escapes `&`, `<`, `>` (and quotes in attributes); drops the control
    /// characters XML 1.0 cannot carry at all (a worker's output may hold
    /// terminal escapes) and the noncharacters U+FFFE and U+FFFF, keeping
    /// tab, newline and carriage return.
    static func escape(_ s: String, into out: inout [UInt8], quotes: Bool) {
        let utf8 = s.utf8
        // Most texts need nothing: append them whole.
        if !utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }) {
            out.append(contentsOf: utf8)
            return
        }
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let b = utf8[i]
            utf8.formIndex(after: &i)
            switch b {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where quotes: out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "\n") where quotes: out.append(contentsOf: "&#10;".utf8)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): out.append(b)
            case ..<0x20: continue
            case 0xEF:
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF.
                var j = i
                if j != utf8.endIndex, utf8[j] == 0xBF {
                    utf8.formIndex(after: &j)
                    if j != utf8.endIndex, utf8[j] == 0xBE || utf8[j] == 0xBF {
                        i = utf8.index(after: j)
                        continue
                    }
                }
                out.append(b)
            default: out.append(b)
            }
        }
    }
}

extension Markup {
    /// A coordinate or length for SVG: one decimal; 0 for a value that is
    /// not finite.
    static func number(_ v: Double) -> String {
        v.isFinite ? formatFixed(v, digits: 1) : "0"
    }
}

/// Lets `Markup.el` take its children as a block with `if` and `for`.
@resultBuilder
public enum MarkupBuilder {
    public static func buildBlock(_ parts: [Markup]...) -> [Markup] { parts.flatMap { $0 } }
    public static func buildExpression(_ node: Markup) -> [Markup] { [node] }
    public static func buildExpression(_ nodes: [Markup]) -> [Markup] { nodes }
    public static func buildExpression(_ text: String) -> [Markup] { [.text(text)] }
    public static func buildOptional(_ part: [Markup]?) -> [Markup] { part ?? [] }
    public static func buildEither(first: [Markup]) -> [Markup] { first }
    public static func buildEither(second: [Markup]) -> [Markup] { second }
    public static func buildArray(_ parts: [[Markup]]) -> [Markup] { parts.flatMap { $0 } }
}
