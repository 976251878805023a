import Foundation
import Rill
import RillTesting
import Testing

/// A main-actor type that uses every time and repetition operator with its scheduler: this file
/// compiling in Swift 6 mode is part of the test.
@MainActor
final class SearchFieldModel {
    private(set) var pipeline: Signal<[String], TestError>
    private(set) var ticks: Signal<Date, Never>

    init(queries: Signal<String, TestError>, scheduler: any Scheduler) {
        pipeline =
            queries
            .throttle(0.3, on: scheduler)
            .throttle(.milliseconds(300), on: scheduler, valuesPassingTest: { !$0.isEmpty })
            .delay(.seconds(1), on: scheduler)
            .delay(0.5, on: scheduler)
            .retry(upTo: 2, on: scheduler)
            .retry(upTo: 1)
            .buffer(every: .seconds(2), on: scheduler)
            .buffer(every: 1, on: scheduler)
            .map { $0.flatMap { $0 } }
            .repeat(on: scheduler)
            .take(1)
        ticks = Signal<Date, Never>.interval(.seconds(1), on: scheduler, leeway: .milliseconds(10))
    }
}

@Suite("Time operators from the main actor")
struct MainActorTimeOperatorTests {
    @MainActor
    @Test("a @MainActor type builds a pipeline of time operators, which runs on the virtual clock")
    func mainActorPipeline() {
        let scheduler = TestScheduler()
        let queries = scheduler.createColdSignal("-a-b------|", error: TestError.boom)
        let model = SearchFieldModel(queries: queries.signal, scheduler: scheduler)
        let recorder = scheduler.record(model.pipeline)
        let ticks = scheduler.record(model.ticks.take(2))
        scheduler.advance(by: 20)
        // "a" reaches the first buffer at 3.1 s; "b" reaches it at 5.1 s, as that window closes.
        #expect(recorder.values == [["a"]])
        #expect(recorder.isCompleted)
        #expect(ticks.values.count == 2)
    }
}
