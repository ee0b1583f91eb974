import GestureKit

/// Names the host application knows and the language does not: the
/// parser checks them, so a typo is a syntax error before anything runs.
/// Each set is nil when any name goes (a script parsed outside an app).
public struct ScriptVocabulary: Sendable {
    /// What `page NAME` accepts.
    public var pages: [String]?
    /// What `expect counter NAME` accepts.
    public var counters: [String]?
    /// Every view name the app can show, on any page or overlay: what
    /// `@NAME` and `expect label|view|switch NAME` accept. Whether the view
    /// is on screen when the line runs is a run-time matter.
    public var views: NameSet?
    /// Every recognizer name of the app (`GestureRecognizer.debugName`):
    /// what `expect recognizer NAME` and `expect last-gesture` accept.
    public var recognizers: NameSet?

    public init(pages: [String]? = nil, counters: [String]? = nil, views: NameSet? = nil,
                recognizers: NameSet? = nil) {
        self.pages = pages
        self.counters = counters
        self.views = views
        self.recognizers = recognizers
    }

    /// Adds the names of the views and recognizers `window` shows now (a
    /// host shows each of its pages and overlays in turn to learn them).
    public mutating func addNames(shownIn window: Window) {
        window.layoutIfNeeded()
        views = (views ?? NameSet()).inserting(contentsOf: window.namedViews())
        recognizers = (recognizers ?? NameSet()).inserting(contentsOf: window.allGestureRecognizers().map(\.debugName))
    }
}

/// A set of names, some of them patterns: a name made at run time (the
/// undo sheet's "Undo Count") is known by its fixed parts, with
/// `NameSet.placeholder` where the variable part goes.
public struct NameSet: Sendable, Equatable {
    /// Stands for any text in a name added to the set.
    public static let placeholder: Character = "\u{FFFC}"

    /// Exact names, in the order first added.
    public private(set) var names: [String] = []
    private var known: Set<String> = []
    /// Names with a placeholder, as the text before and after it.
    private var patterns: [Pattern] = []

    private struct Pattern: Sendable, Equatable {
        var prefix: String
        var suffix: String
    }

    public init<S: Sequence>(_ names: S) where S.Element == String {
        insert(contentsOf: names)
    }

    public init() {}

    public mutating func insert<S: Sequence>(contentsOf names: S) where S.Element == String {
        for name in names { insert(name) }
    }

    func inserting<S: Sequence>(contentsOf names: S) -> NameSet where S.Element == String {
        var copy = self
        copy.insert(contentsOf: names)
        return copy
    }

    public mutating func insert(_ name: String) {
        if let mark = name.firstIndex(of: Self.placeholder) {
            let pattern = Pattern(prefix: String(name[..<mark]), suffix: String(name[name.index(after: mark)...]))
            if !patterns.contains(pattern) { patterns.append(pattern) }
        } else if known.insert(name).inserted {
            names.append(name)
        }
    }

    public func contains(_ name: String) -> Bool {
        known.contains(name) || patterns.contains {
            name.count >= $0.prefix.count + $0.suffix.count && name.hasPrefix($0.prefix) && name.hasSuffix($0.suffix)
        }
    }

    /// Up to `count` names nearest to `name` by edit distance (letter case
    /// aside), nearest first; patterns are shown with `...` for their
    /// variable part.
    public func closest(to name: String, count: Int = 3) -> [String] {
        let candidates = names + patterns.map { $0.prefix + "..." + $0.suffix }
        let target = name.lowercased()
        return candidates.enumerated()
            .map { (name: $0.element, distance: ScriptParser.editDistance(target, $0.element.lowercased()), order: $0.offset) }
            .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
            .prefix(count).map(\.name)
    }
}
