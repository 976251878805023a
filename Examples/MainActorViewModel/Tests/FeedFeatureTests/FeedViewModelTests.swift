import Dispatch
import FeedFeature
import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

// Main-actor isolated by the module's default, as the feature is.

/// Lets the main queue run what is queued on it: where the view model's bindings deliver.
private func nextTurn() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}

/// A search service on the virtual clock: answers after a second, and fails at once while
/// `isOffline`.
nonisolated final class FakeSearch: Sendable {
    let scheduler: TestScheduler
    let library: [Article]
    private let offline = Mutex(false)
    private let requests = Mutex(0)

    init(scheduler: TestScheduler, library: [Article]) {
        self.scheduler = scheduler
        self.library = library
    }

    var isOffline: Bool {
        get { offline.withLock { $0 } }
        set { offline.withLock { $0 = newValue } }
    }

    var requestCount: Int { requests.withLock { $0 } }

    func search(_ text: String) -> Signal<[Article], FeedError> {
        Signal.defer { [self] in
            requests.withLock { $0 += 1 }
            if isOffline { return Signal.error(.offline) }
            return Signal.just(library.filter { $0.title.localizedCaseInsensitiveContains(text) })
                .delay(1, on: scheduler)
        }
    }
}

@Suite("FeedViewModel, built with approachable concurrency, on the virtual clock")
struct FeedViewModelTests {
    let scheduler = TestScheduler()
    let articles = Subject<Article, Never>()
    let reads = Subject<Int, Never>()
    let search: FakeSearch
    let model: FeedViewModel

    static let swift = Article(id: 1, title: "Swift 6.2", tags: ["swift", "release"])
    static let rill = Article(id: 2, title: "Signals in Swift", tags: ["rill"])
    static let rust = Article(id: 3, title: "Rust", tags: ["rust"])
    static let more = Article(id: 4, title: "More Swift", tags: ["swift"])

    init() {
        search = FakeSearch(scheduler: scheduler, library: [Self.swift, Self.rill, Self.rust])
        model = FeedViewModel(
            articles: articles, reads: reads, search: search.search, scheduler: scheduler)
    }

    @Test("arrived and read articles give the unread count, the banners, the tags and the status")
    func arrivals() async {
        for article in [Self.swift, Self.rill, Self.rust, Self.more] { articles.send(article) }
        reads.send(2)
        await nextTurn()
        #expect(model.unread == 3)
        #expect(model.banners == ["1. Swift 6.2", "2. Signals in Swift", "3. Rust", "4. More Swift"])
        #expect(model.topTags == "swift, rill, rust")
        #expect(model.status == "4 articles")
    }

    @Test("typing searches once the typing pauses, and shows the titles of the latest query")
    func searching() async {
        articles.send(Self.swift)
        model.query.value = "sw"
        scheduler.advance(by: 0.1)
        model.query.value = "swift "
        scheduler.advance(by: 0.3)
        scheduler.advance(by: 1)
        await nextTurn()
        #expect(search.requestCount == 1)
        #expect(model.results == ["Swift 6.2", "Signals in Swift"])
        #expect(model.status == "2 found in 1 articles")
    }

    @Test("a failing search is retried with a growing wait, then reported")
    func offline() async {
        search.isOffline = true
        model.query.value = "rust"
        scheduler.advance(by: 0.3)
        #expect(search.requestCount == 1)
        scheduler.advance(by: 0.9)
        #expect(search.requestCount == 1)
        scheduler.advance(by: 0.1)
        #expect(search.requestCount == 2)
        scheduler.advance(by: 2)
        #expect(search.requestCount == 3)
        scheduler.advance(by: 100)
        await nextTurn()
        #expect(search.requestCount == 3)
        #expect(model.status == "offline in 0 articles")
        #expect(model.results == [])
    }

    @Test("the activity indicator shows while a search, its retries included, runs")
    func activity() async {
        model.query.value = "swift"
        scheduler.advance(by: 0.3)
        await nextTurn()
        #expect(model.isSearching)
        scheduler.advance(by: 1)
        await nextTurn()
        #expect(!model.isSearching)
        #expect(model.results == ["Swift 6.2", "Signals in Swift"])

        // A newer query replaces the running search: one attempt ends as the next starts.
        model.query.value = "rust"
        scheduler.advance(by: 0.3)
        model.query.value = "signals"
        scheduler.advance(by: 0.3)
        await nextTurn()
        #expect(model.isSearching)
        #expect(search.requestCount == 3)
        scheduler.advance(by: 1)
        await nextTurn()
        #expect(!model.isSearching)
        #expect(model.results == ["Signals in Swift"])

        search.isOffline = true
        model.query.value = "go"
        scheduler.advance(by: 0.3)
        scheduler.advance(by: 1.5)
        await nextTurn()
        #expect(model.isSearching)
        scheduler.advance(by: 100)
        await nextTurn()
        #expect(!model.isSearching)
        #expect(model.status == "offline in 0 articles")
    }

    @Test("a screen left and entered again leaves no subscription alive once its model is released")
    func noSubscriptionOutlivesTheScreen() async {
        let counter = LiveSubscriptionCounter()
        for visit in 1...2 {
            weak var released: FeedViewModel?
            weak var query: MutableProperty<String>?
            await counter.track {
                let model = FeedViewModel(
                    articles: articles, reads: reads, search: search.search, scheduler: scheduler)
                released = model
                query = model.query
                articles.send(Self.swift)
                model.query.value = "swift"
                scheduler.advance(by: 2)
                await nextTurn()
                #expect(model.unread == 1)
                #expect(counter.count > 0)
            }
            #expect(released == nil)
            #expect(query == nil)
            // The model provides a lifetime, so its bindings end as it is released, without
            // waiting for a value that finds it gone.
            #expect(counter.count == 0, "subscriptions alive after visit \(visit)")
        }
    }

    @Test("the model's bindings end when it is released")
    func release() async {
        weak var released: FeedViewModel?
        do {
            let local = FeedViewModel(
                articles: articles, reads: reads, search: search.search, scheduler: scheduler)
            released = local
            articles.send(Self.swift)
            await nextTurn()
            #expect(local.unread == 1)
        }
        await nextTurn()
        articles.send(Self.rill)
        await nextTurn()
        #expect(released == nil)
    }
}
