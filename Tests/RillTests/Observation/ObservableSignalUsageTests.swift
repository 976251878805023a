import Dispatch
import Foundation
import Observation
import Rill
import RillTesting
import Testing

/// The model of a search screen, written as an app writes it: main-actor state, handlers that use
/// it directly, and nothing unchecked.
@MainActor
@Observable
private final class SearchModel {
    var query = ""
    var results: [String] = []
    var searches: [String] = []
    private var subscription: (any Disposable)?

    func start(on scheduler: any Scheduler, search: @escaping @Sendable (String) -> Signal<[String], Never>) {
        subscription = signal(for: \.query)
            .filter { !$0.isEmpty }
            .throttle(0.05, on: scheduler)
            .flatMapLatest(search)
            .deliver(on: .main)
            .subscribe(next: { results in
                self.results = results
                self.searches.append(results.first ?? "")
            })
    }

    func stop() {
        subscription?.dispose()
    }
}

/// A model that is not isolated to the main actor, for the misuse case.
@Observable
private final class UnisolatedModel {
    var value = 0
}

@MainActor
@Suite("Observable.signal(for:) from @MainActor code")
struct ObservableSignalUsageTests {
    @Test("A @MainActor model's query feeds throttle and flattenMap, and the results come back to it")
    func searchModel() async {
        let scheduler = TestScheduler()
        let model = SearchModel()
        model.start(on: scheduler) { query in .just(["result for \(query)"]) }
        model.query = "s"
        model.query = "sw"
        model.query = "swift"
        // The changes are read, as one, in a later turn of the main queue.
        await mainQueueTurns()
        scheduler.advance(by: .milliseconds(50))
        #expect(model.results == ["result for swift"])
        #expect(model.searches == ["result for swift"])
        model.stop()
    }

    @Test("A change made off the main actor stops with a message naming the API")
    func changeOffTheMainActor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let model = UnisolatedModel()
                let subscription = model.signal(for: \.value).subscribe(next: { _ in })
                // The misuse under test: a model that is not `Sendable`, changed on another thread.
                nonisolated(unsafe) let shared = model
                let changed = DispatchSemaphore(value: 0)
                Thread {
                    shared.value = 1
                    changed.signal()
                }.start()
                changed.wait()
                subscription.dispose()
            }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains("Observable.signal(for:observer:): the observed value changed off the main actor")
        )
    }
}
