/// The view tree as JSON, so tests and scripts can find views by name:
/// type, name, frame in window coordinates, alpha, hidden, interaction,
/// and each recognizer's type, name and state.
public enum ViewTreeDump {
    /// Lays out first, so the frames are the ones the next draw shows.
    public static func json(_ root: View) -> String {
        root.layoutIfNeeded()
        var out = ""
        write(root, into: &out, indent: "")
        return out
    }

    private static func write(_ v: View, into out: inout String, indent: String) {
        let f = v.convert(v.bounds, to: nil)
        let inner = indent + "  "
        out += "{\n"
        out += "\(inner)\"type\": \(quoted(v.typeName)),\n"
        out += "\(inner)\"name\": \(v.name.map(quoted) ?? "null"),\n"
        out += "\(inner)\"frame\": [\(number(f.minX)), \(number(f.minY)), \(number(f.width)), \(number(f.height))],\n"
        out += "\(inner)\"alpha\": \(number(v.alpha)),\n"
        out += "\(inner)\"hidden\": \(v.isHidden),\n"
        out += "\(inner)\"interaction\": \(v.isUserInteractionEnabled),\n"
        let recognizers = v.gestureRecognizers.map {
            "{\"type\": \(quoted(String(describing: type(of: $0)))), \"name\": \($0.name.map(quoted) ?? "null"), \"state\": \(quoted($0.state.rawValue))}"
        }
        out += "\(inner)\"recognizers\": [\(recognizers.joined(separator: ", "))],\n"
        if let label = v as? Label { out += "\(inner)\"text\": \(quoted(label.text)),\n" }
        if let toggle = v as? Switch { out += "\(inner)\"on\": \(toggle.isOn),\n" }
        out += "\(inner)\"subviews\": ["
        for (i, sub) in v.subviews.enumerated() {
            out += i == 0 ? "\n\(inner)  " : ",\n\(inner)  "
            write(sub, into: &out, indent: inner + "  ")
        }
        out += v.subviews.isEmpty ? "]\n" : "\n\(inner)]\n"
        out += "\(indent)}"
    }

    private static func number(_ v: Double) -> String {
        v.isFinite ? formatCoordinate(v) : "null"
    }

    private static func quoted(_ s: String) -> String { jsonString(s) }
}
