import Dispatch
import Foundation
import Rill
import SearchFeature
import Synchronization
import Testing

/// A search that answers on a background queue, like a network call would.
@Sendable private func search(_ query: String) -> Signal<[String], Never> {
    Signal.just([query.uppercased(), query + "!"]).subscribe(on: QueueScheduler(name: "search"))
}

/// Waits on the main actor, without blocking it, until `condition` holds after a change of
/// `model`, or ten seconds have passed.
@MainActor
private func waitUntil(_ model: SearchViewModel, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
    if condition() { return true }
    let resumed = Mutex(false)
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let resume: @Sendable (Bool) -> Void = { result in
            let first = resumed.withLock { wasResumed in
                defer { wasResumed = true }
                return !wasResumed
            }
            if first { continuation.resume(returning: result) }
        }
        model.onChange = {
            if condition() { resume(true) }
        }
        // A hang guard, not a timing assertion: under ThreadSanitizer delivery can wait minutes.
        DispatchQueue.global().asyncAfter(deadline: .now() + 900) { resume(false) }
    }
}

@MainActor
@Suite("SearchViewModel: results reach the main actor in order")
struct SearchViewModelTests {
    @Test("The test itself runs on the main queue")
    func testRunsOnTheMainQueue() {
        #expect(MainScheduler.isOnMainQueue)
    }

    @Test("Queries typed in a burst are searched once, and the results arrive on the main queue")
    func burstIsSearchedOnce() async {
        let model = SearchViewModel(debounce: 0.05, search: search)
        let queries = Subject<String, Never>()
        let onMainQueue = Mutex<[Bool]>([])
        model.bind(to: queries.signal)
        DispatchQueue.global().async {
            for query in ["r", "ri", "rill"] { queries.sendNext(query) }
            queries.sendCompleted()
        }
        let finished = await waitUntil(model) {
            onMainQueue.withLock { $0.append(MainScheduler.isOnMainQueue) }
            return model.isFinished
        }
        #expect(finished)
        #expect(model.results == ["RILL", "rill!"])
        #expect(model.history == [["RILL", "rill!"]])
        #expect(onMainQueue.withLock { $0 }.allSatisfy { $0 })
    }

    @Test("Separate pauses give separate searches, delivered in order")
    func pausesGiveSearchesInOrder() async {
        let model = SearchViewModel(debounce: 0.01, search: search)
        let queries = Subject<String, Never>()
        model.bind(to: queries.signal)
        for query in ["a", "b", "c"] {
            DispatchQueue.global().async { queries.sendNext(query) }
            let arrived = await waitUntil(model) { model.results.first == query.uppercased() }
            #expect(arrived, "no results for \(query)")
        }
        #expect(model.history == [["A", "a!"], ["B", "b!"], ["C", "c!"]])
    }

    @Test("After unbind nothing more arrives")
    func unbindStopsDelivery() async {
        let model = SearchViewModel(debounce: 0.01, search: search)
        let queries = Subject<String, Never>()
        model.bind(to: queries.signal)
        DispatchQueue.global().async { queries.sendNext("a") }
        #expect(await waitUntil(model) { model.results == ["A", "a!"] })
        model.unbind()
        queries.sendNext("b")
        queries.sendCompleted()
        // One more turn of the main queue, where a result would arrive.
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
        #expect(model.history == [["A", "a!"]])
        #expect(!model.isFinished)
    }
}
