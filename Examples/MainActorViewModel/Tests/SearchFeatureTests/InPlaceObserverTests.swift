import Foundation
import Rill
import Testing

/// A main-actor type outside Rill that writes an operator of its own with an observer made in
/// place: it compiles warning-free in Swift 6 mode and its closure writes main-actor state.
@MainActor
private final class QueryLog {
    var entries: [String] = []

    func follow(_ queries: Signal<String, Never>) {
        let trimmed = Signal<String, Never>(producer: { downstream, lifetime in
            queries.subscribe(
                Observer(handlingInPlace: { event in
                    if case .next(let query) = event {
                        downstream.sendNext(query.trimmingCharacters(in: .whitespaces))
                    } else {
                        downstream.send(event)
                    }
                }), in: lifetime)
        })
        trimmed.subscribe(
            Observer(handlingInPlace: { event in
                switch event {
                case .next(let query): self.entries.append(query)
                case .completed: self.entries.append("done")
                }
            }), in: CompositeDisposable())
    }
}

@MainActor
@Suite("An observer made in place from a main-actor type")
struct InPlaceObserverTests {
    @Test("Its events arrive in order and its closure writes the actor's state")
    func inPlaceObserverFromMainActor() {
        let log = QueryLog()
        log.follow(.from([" swift ", "rill"]))
        #expect(log.entries == ["swift", "rill", "done"])
    }
}
