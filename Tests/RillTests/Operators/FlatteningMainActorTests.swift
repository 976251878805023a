import Rill
import RillTesting
import Testing

/// A view model isolated to the main actor, as app code is, using every flattening operator.
/// That this file compiles in the Swift 6 language mode is half of the test.
@MainActor
final class SearchScreenModel {
    private(set) var shown: [String] = []
    private var subscriptions: [any Disposable] = []
    let strategy: FlattenStrategy

    init(strategy: FlattenStrategy = .latest) {
        self.strategy = strategy
    }

    nonisolated static func lookup(_ query: String) -> Signal<String, Never> {
        .just(query.uppercased())
    }

    func bind(queries: Signal<String, Never>, isOnline: Signal<Bool, Never>) {
        let strategy = self.strategy
        let signals: [Signal<String, Never>] = [
            queries.flatMapLatest { Self.lookup($0) },
            queries.flatMap(strategy) { Self.lookup($0) },
            queries.map { Self.lookup($0) }.switchToLatest(),
            queries.map { Self.lookup($0) }.flatten(.exhaust),
            queries.map { Self.lookup($0) }.flatten(maxConcurrent: 2),
            queries.map { Self.lookup($0) }.concat(),
            Signal.if(isOnline, then: queries, else: .just("offline")),
            Signal.switch(isOnline, cases: [true: .just("on")], default: .just("off")),
            queries.then { .just("done") },
        ]
        for signal in signals {
            subscriptions.append(
                signal.subscribe(next: { value in
                    MainActor.assumeIsolated { self.shown.append(value) }
                }))
        }
    }

    func stop() {
        for subscription in subscriptions { subscription.dispose() }
        subscriptions = []
    }
}

@Suite("Flattening from the main actor")
struct FlatteningMainActorTests {
    @MainActor
    @Test("a main-actor view model uses every flattening operator and strategy")
    func mainActorModel() {
        let model = SearchScreenModel(strategy: .race)
        model.bind(queries: .from(["a", "b"]), isOnline: .just(true))
        model.stop()
        #expect(
            model.shown == [
                "A", "B",  // flatMapLatest
                "A",  // flatMap(.race): the first lookup wins
                "A", "B",  // switchToLatest
                "A", "B",  // flatten(.exhaust): each lookup ends before the next query
                "A", "B",  // flatten(maxConcurrent: 2)
                "A", "B",  // concat()
                "a", "b",  // if
                "on",  // switch
                "done",  // then
            ])
        #expect(FlattenStrategy.concat == .concurrent(limit: 1))
        #expect("\(FlattenStrategy.concurrent(limit: 3))" == ".concurrent(limit: 3)")
    }
}
