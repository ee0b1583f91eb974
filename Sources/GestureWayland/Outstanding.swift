/// Requests that wait for an answer, oldest first, never more than
/// `limit` of them: a peer that stops answering must not make the list
/// grow with every request. Adding past the limit gives up the oldest.
struct Outstanding<Element: AnyObject> {
    /// The most kept at once (at least 1).
    let limit: Int
    /// The requests still waiting, oldest first.
    private(set) var elements: [Element] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Adds `element`; returns the oldest waiting request, taken out, when
    /// keeping it would pass the limit.
    mutating func add(_ element: Element) -> Element? {
        elements.append(element)
        return elements.count > limit ? elements.removeFirst() : nil
    }

    /// Takes every request out, answered or not.
    mutating func removeAll() {
        elements.removeAll()
    }

    /// Takes out `element` (answered); nothing if it is not waiting.
    mutating func remove(_ element: Element) {
        // Answers mostly come in order: the first is the usual match.
        if let index = elements.firstIndex(where: { $0 === element }) {
            elements.remove(at: index)
        }
    }
}
