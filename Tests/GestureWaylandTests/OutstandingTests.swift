@testable import GestureWayland
import Testing

/// The requests waiting for a compositor's answer (presentation feedback).
@Suite("Outstanding requests")
struct OutstandingTests {
    final class Request {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test("past the limit the oldest waiting request is handed back, so a peer that never answers keeps the list at the limit")
    func oldestGivenUp() {
        var waiting = Outstanding<Request>(limit: 3)
        var givenUp: [Int] = []
        for n in 1...10 {
            if let old = waiting.add(Request(n)) { givenUp.append(old.number) }
        }
        #expect(givenUp == [1, 2, 3, 4, 5, 6, 7])
        #expect(waiting.elements.map(\.number) == [8, 9, 10])
    }

    @Test("an answered request leaves wherever it is; one not waiting changes nothing")
    func answeredOutOfOrder() {
        var waiting = Outstanding<Request>(limit: 4)
        let requests = (1...4).map(Request.init)
        for r in requests { #expect(waiting.add(r) == nil) }
        waiting.remove(requests[2])
        waiting.remove(requests[2])
        waiting.remove(Request(9))
        #expect(waiting.elements.map(\.number) == [1, 2, 4])
        #expect(waiting.add(Request(5)) == nil, "room again after an answer")
        #expect(waiting.add(Request(6))?.number == 1)
    }
}
