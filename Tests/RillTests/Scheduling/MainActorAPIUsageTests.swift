import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

/// The README's view model, as written there, in a namespace of its own.
enum ReadmeViewModel {
    @MainActor final class SearchModel {
        var results: [String] = []
        private var subscription: (any Disposable)?

        func bind(
            _ queries: Signal<String, Never>, search: @escaping @Sendable (String) -> Signal<[String], Never>
        ) {
            subscription = queries.throttle(0.3).flatMapLatest(search).deliver(on: .main)
                .subscribe(next: { [weak self] in self?.results = $0 })
        }
    }
}

private enum LoadError: Error, Equatable {
    case timedOut
}

/// Every public API of scheduling, timeouts and the test clock, used from main-actor code in
/// Swift 6 mode: this file compiling warning-free is half of the test.
@MainActor
private final class SchedulingClient {
    var log: [String] = []
    var dates: [TimeInterval] = []
    private var disposables: [any Disposable] = []

    func useOperators(on scheduler: TestScheduler) {
        let actionLog = Log()
        let values = Signal<Int, LoadError>.from([1, 2])
        disposables.append(
            values.deliver(on: scheduler).subscribe(on: scheduler)
                .timeout(5, on: scheduler, failure: .timedOut)
                .timeout(.seconds(5), on: scheduler, failure: .timedOut)
                .subscribe(next: { actionLog.append("value \($0)") }))
        disposables.append(
            Signal<Int, Never>.never.timeout(1, on: scheduler, failure: LoadError.timedOut)
                .subscribe(error: { actionLog.append("never: \($0)") }))
        disposables.append(
            Signal<Int, Never>.never.timeout(.milliseconds(1500), on: scheduler, failure: LoadError.timedOut)
                .subscribe(error: { actionLog.append("never (Duration): \($0)") }))
        let steps = Counter()
        disposables.append(
            scheduler.scheduleRecursive { reschedule in
                if steps.increment() < 3 { reschedule() }
            })
        scheduler.schedule(at: 0.5) { actionLog.append("at 0.5") }
        scheduler.schedule(at: .seconds(2)) { actionLog.append("at 2") }
        scheduler.step()
        scheduler.step(2)
        scheduler.advance(to: 1.2)
        scheduler.advance(to: .milliseconds(1400))
        scheduler.advance(by: .milliseconds(100))
        scheduler.run()
        dates = [scheduler.time(of: scheduler.now), scheduler.time(of: scheduler.date(at: .seconds(1)))]
        log = actionLog.entries + ["recursions \(steps.value)"]
    }

    func useMainActorSignal(done: Gate) {
        let main: MainScheduler = .main
        let plain: Signal<Int, Never> = Signal.just(1).deliver(on: main as any Scheduler)
        let onMain: MainActorSignal<Int, LoadError> = Signal.from([2, 3]).deliver(on: .main)
        disposables.append(plain.subscribe())
        disposables.append(onMain.signal.subscribe())
        disposables.append(
            onMain.subscribe(
                next: { self.log.append("main \($0)") },
                error: { self.log.append("failed: \($0)") },
                completed: {
                    self.log.append("main completed")
                    done.open()
                }))
        disposables.append(MainScheduler().scheduleRecursive { _ in })
    }
}

/// A log the scheduler's actions share with the main-actor client: one per use, so that the
/// test passes however often it runs in one process.
private final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var entries: [String] { lines.withLock { $0 } }
}

/// The timed events a main-actor type reads back.
@MainActor
private func timedEvents() -> [TimedEvent<String, Never>] {
    let scheduler = TestScheduler()
    let recorder = scheduler.start { Signal<String, Never>.just("a").delay(1.2) }
    return recorder.timedEvents
}

@MainActor
@Suite("Scheduling APIs from @MainActor code")
struct MainActorAPIUsageTests {
    @Test("Operators, the test clock and recursion, driven from a @MainActor type")
    func operatorsAndTestClock() {
        let client = SchedulingClient()
        client.useOperators(on: TestScheduler())
        #expect(
            client.log == [
                "value 1", "value 2", "at 0.5", "never: timedOut", "never (Duration): timedOut", "at 2",
                "recursions 3",
            ])
        #expect(client.dates == [2, 1])
    }

    @Test("MainActorSignal's @MainActor handlers, from a @MainActor type")
    func mainActorSignal() async {
        let client = SchedulingClient()
        let done = Gate()
        client.useMainActorSignal(done: done)
        #expect(await done.value())
        #expect(client.log == ["main 2", "main 3", "main completed"])
    }

    @Test("The README's view model searches once the queries pause")
    func readmeViewModel() async {
        let model = ReadmeViewModel.SearchModel()
        let queries = Subject<String, Never>()
        let searched = Gate()
        model.bind(queries.signal) { query in
            Signal.just([query.uppercased()]).concat(
                .defer {
                    searched.open()
                    return .empty
                })
        }
        queries.sendNext("rill")
        #expect(await searched.value())
        await mainQueueTurns()
        #expect(model.results == ["RILL"])
        #expect(timedEvents() == [.next("a", at: 1.2), .completed(at: 1.2)])
        queries.sendCompleted()
    }
}
