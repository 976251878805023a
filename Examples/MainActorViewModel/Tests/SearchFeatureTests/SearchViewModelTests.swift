import Dispatch
import Foundation
import Rill
import RillTesting
import SearchFeature
import Synchronization
import Testing

/// Lets the main queue run what is queued on it: where observed changes are read and delivered.
@MainActor
private func nextTurn() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}

/// A search service on the virtual clock: each query answers after `latency` seconds, or fails
/// for "offline".
final class FakeService: Sendable {
    let scheduler: TestScheduler
    let requests = Requests()

    final class Requests: Sendable {
        private let queries = Mutex<[String]>([])
        func append(_ query: String) { queries.withLock { $0.append(query) } }
        var all: [String] { queries.withLock { $0 } }
    }

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func search(_ query: String) -> Signal<[String], SearchError> {
        requests.append(query)
        if query == "offline" { return Signal.error(.offline).delay(1, on: scheduler) }
        let latency: TimeInterval = query.hasPrefix("slow") ? 5 : 1
        return Signal.just([query.uppercased(), query + "!"]).delay(latency, on: scheduler)
    }
}

@MainActor
@Suite("SearchViewModel on the virtual clock")
struct SearchViewModelTests {
    let scheduler = TestScheduler()
    let service: FakeService
    let model: SearchViewModel

    init() {
        service = FakeService(scheduler: scheduler)
        model = SearchViewModel(pause: 0.3, scheduler: scheduler, service: service.search)
    }

    private func type(_ text: String) async {
        model.query = text
        await nextTurn()
    }

    @Test("a short query is not searched and leaves the button disabled")
    func shortQuery() async {
        await type("ri")
        scheduler.advance(by: .seconds(1))
        #expect(!model.canSearch)
        #expect(service.requests.all.isEmpty)
        #expect(model.results.isEmpty)
    }

    @Test("a pause in typing searches once for the latest query; the spinner runs until the answer")
    func pauseSearchesOnce() async {
        await type("ril")
        await type("rill")
        #expect(model.canSearch)
        scheduler.advance(by: .milliseconds(300))
        #expect(service.requests.all == ["rill"])
        #expect(model.isSearching)
        scheduler.advance(by: .seconds(1))
        #expect(model.results == ["RILL", "rill!"])
        #expect(!model.isSearching)
        #expect(model.errorMessage == nil)
    }

    @Test("a failed search shows a message until a later search answers")
    func failureMessage() async {
        await type("offline")
        scheduler.advance(by: .milliseconds(1300))
        #expect(model.errorMessage == "search failed: offline")
        #expect(!model.isSearching)
        await type("rill")
        scheduler.advance(by: .milliseconds(1300))
        #expect(model.errorMessage == nil)
        #expect(model.results == ["RILL", "rill!"])
    }

    @Test("an older search that answers after a newer one is dropped")
    func latestSearchWins() async {
        await type("slow query")
        model.submit()
        await type("fast")
        model.submit()
        // The pause in typing searched for "fast" once more, at 0.3 s: that search is the
        // latest, and answers at 1.3 s; the slow one is still running.
        scheduler.advance(by: .milliseconds(1300))
        #expect(service.requests.all == ["slow query", "fast", "fast"])
        #expect(model.results == ["FAST", "fast!"])
        #expect(model.isSearching)
        scheduler.advance(by: .seconds(4))
        #expect(model.results == ["FAST", "fast!"])
        #expect(!model.isSearching)
    }
}

@MainActor
@Suite("SearchViewModel lifetime")
struct SearchViewModelLifetimeTests {
    @Test("the model is released while a search is still running, and that search is disposed")
    func releasedWhileSearching() async {
        let disposed = Flag()
        // A search that never answers: the source still alive when the model goes.
        var model: SearchViewModel? = SearchViewModel(scheduler: TestScheduler()) { _ in
            Signal.create { _ in ActionDisposable { disposed.set() } }
        }
        weak let weakModel = model
        weak let weakCommand = model?.search
        model?.query = "rill"
        await nextTurn()
        model?.submit()
        #expect(model?.isSearching == true)
        model = nil
        await nextTurn()
        #expect(weakModel == nil)
        #expect(weakCommand == nil)
        #expect(disposed.isSet)
    }
}

/// A flag that `@Sendable` closures can set.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
