import Rill
import RillTesting
import Testing

/// Search as you type: each query, once the user pauses typing, starts a lookup, and only the
/// answer to the latest query may reach the screen. A lookup started earlier can answer later
/// (here the one for "sw" is slow); it must be cancelled, not shown.
@Suite("Example: search as you type")
struct SearchAsYouTypeTests {
    /// The pieces of the pipeline on one virtual clock, one frame per second.
    struct Search {
        let scheduler = TestScheduler()
        let keystrokes: HotSignal<String, Never>
        let slowLookup: ColdSignal<[String], Never>
        let fastLookup: ColdSignal<[String], Never>

        static let slowAnswer = ["swap", "sweet", "swim"]
        static let fastAnswer = ["swift", "swiftly"]

        init() {
            // The user types "s", "sw", pauses, then "swi", "swif", "swift", and leaves.
            keystrokes = scheduler.createHotSignal(
                "-ab---cde-----------|",
                values: ["a": "s", "b": "sw", "c": "swi", "d": "swif", "e": "swift"])
            // The lookup for "sw" takes nine seconds, the one for "swift" one second.
            slowLookup = scheduler.createColdSignal("---------(r|)", values: ["r": Self.slowAnswer])
            fastLookup = scheduler.createColdSignal("-(r|)", values: ["r": Self.fastAnswer])
        }

        func lookup(_ query: String) -> Signal<[String], Never> {
            switch query {
            case "sw": slowLookup.signal
            case "swift": fastLookup.signal
            default: .just([])
            }
        }

        /// Queries, debounced by two seconds, each switched to its lookup.
        var results: Signal<[String], Never> {
            keystrokes.signal
                .throttle(2)
                .flatMapLatest { query in lookup(query) }
        }
    }

    @Test("only the latest query's answer is shown: the slow lookup for an earlier query is cancelled")
    func latestQueryWins() {
        let search = Search()
        let recorder = search.scheduler.start { search.results }
        // "sw" is looked up at frame 4 and "swift" at frame 10, which answers at 11; the lookup
        // for "sw", due at 13, is disposed at 10.
        expectMarbles(recorder, "-----------R--------|", values: ["R": Search.fastAnswer])
        expectSubscriptions(search.slowLookup, ["----^-----!"])
        expectSubscriptions(search.fastLookup, ["----------^!"])
    }

    @Test("merging the lookups instead would show the slow, stale answer last")
    func mergingShowsTheStaleAnswer() {
        let search = Search()
        let recorder = search.scheduler.start {
            search.keystrokes.signal.throttle(2).flattenMap { query in search.lookup(query) }
        }
        expectMarbles(
            recorder, "-----------R-S------|", values: ["R": Search.fastAnswer, "S": Search.slowAnswer])
        #expect(recorder.values.last == Search.slowAnswer)
    }

    @Test("leaving the screen cancels the lookup in flight")
    func disposalCancelsTheLookup() {
        let search = Search()
        let recorder = search.scheduler.start(disposeAt: 7) { search.results }
        #expect(recorder.values.isEmpty)
        expectSubscriptions(search.slowLookup, ["----^--!"])
        #expect(search.fastLookup.subscriptions.isEmpty)
    }
}
