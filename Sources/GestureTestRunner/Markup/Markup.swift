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
        var out = ""
        write(into: &out, xml: xml, indent: xml ? "" : nil)
        return out
    }

    private static let selfClosing: Set<String> = [
        "br", "hr", "img", "meta", "link", "input",
        "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "image", "stop", "use",
    ]

    /// `indent` (XML only) puts each child of an element that holds only
    /// elements on a line of its own, for people reading the file; text
    /// content is never touched.
    private func write(into out: inout String, xml: Bool, indent: String?) {
        switch self {
        case .text(let s): Markup.escape(s, into: &out, quotes: false)
        case .trusted(let s): out += s
        case .element(let name, let attributes, let children):
            out += "<" + name
            for (key, value) in attributes {
                out += " " + key + "=\""
                Markup.escape(value, into: &out, quotes: true)
                out += "\""
            }
            if children.isEmpty && (xml || Markup.selfClosing.contains(name)) {
                out += "/>"
                return
            }
            out += ">"
            let nested = indent != nil && children.allSatisfy { if case .element = $0 { true } else { false } }
            for child in children {
                if nested, let indent { out += "\n" + indent + "  " }
                child.write(into: &out, xml: xml, indent: nested ? indent.map { $0 + "  " } : nil)
            }
            if nested, let indent { out += "\n" + indent }
            out += "</" + name + ">"
        }
    }

    /// Escapes `&`, `<`, `>` (and quotes in attributes); drops the control
    /// characters XML 1.0 cannot carry at all (a worker's output may hold
    /// terminal escapes), keeping tab, newline and carriage return.
    static func escape(_ s: String, into out: inout String, quotes: Bool) {
        // Most texts need nothing: append them whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }) {
            out += s
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "\n" where quotes: out += "&#10;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}

extension Markup {
    /// A coordinate or length for SVG: one decimal, the way `formatFixed`
    /// writes it, without its general-purpose cost (a picture has
    /// thousands).
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let tenths = Int((v * 10).rounded())
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        return (tenths < 0 ? "-" : "") + String(whole) + "." + String(fraction)
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
