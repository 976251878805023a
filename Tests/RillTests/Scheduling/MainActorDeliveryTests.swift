import Dispatch
import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

/// A view model as an app writes one: main-actor state, updated straight from the handlers.
@MainActor
private final class ResultsModel {
    var results: [String] = []
    var failures: [TestError] = []
    var isCompleted = false
    var onMainQueue: [Bool] = []
    private var subscription: (any Disposable)?
    private let changed: Gate

    init(changed: Gate) {
        self.changed = changed
    }

    /// The shape the README shows: debounce, search, deliver on the main actor, assign.
    ///
    /// The wait is long so that only the queries' completion sends the one held back: with a wait
    /// of 10 ms, a loaded machine that stalled the typing thread that long sent an early query too.
    func bind(
        queries: Signal<String, TestError>, search: @escaping @Sendable (String) -> Signal<String, TestError>
    ) {
        subscription = queries.throttle(60).flatMapLatest(search).deliver(on: .main)
            .subscribe(
                next: { self.results.append($0) },
                error: { self.failures.append($0) },
                completed: {
                    self.isCompleted = true
                    self.changed.open()
                })
    }

    func observe(_ signal: Signal<String, TestError>) {
        subscription = signal.deliver(on: .main).subscribe(
            next: { value in
                self.onMainQueue.append(MainScheduler.isOnMainQueue)
                self.results.append(value)
            },
            error: { failure in
                self.onMainQueue.append(MainScheduler.isOnMainQueue)
                self.failures.append(failure)
                self.changed.open()
            },
            completed: {
                self.onMainQueue.append(MainScheduler.isOnMainQueue)
                self.isCompleted = true
                self.changed.open()
            })
    }

    func stop() {
        subscription?.dispose()
    }
}

@MainActor
@Suite("deliver(on: .main): @MainActor handlers, on the main queue, in order")
struct MainActorDeliveryTests {
    @Test("The tests of this suite run on the main queue, which is the main actor's")
    func suiteRunsOnTheMainQueue() {
        #expect(MainScheduler.isOnMainQueue)
        MainActor.assertIsolated()
    }

    @Test("Events sent on a background queue reach the handlers on the main queue, in order")
    func backgroundEventsReachTheMainQueueInOrder() async {
        let changed = Gate()
        let model = ResultsModel(changed: changed)
        let source = LabelledQueue("rill.test.background")
        model.observe(Signal.from(["a", "b", "c"]).subscribe(on: source.scheduler))
        #expect(await changed.value())
        #expect(model.results == ["a", "b", "c"])
        #expect(model.isCompleted)
        #expect(model.onMainQueue == [true, true, true, true])
    }

    @Test("The failure reaches the error handler on the main queue")
    func failureReachesTheMainQueue() async {
        let changed = Gate()
        let model = ResultsModel(changed: changed)
        let source = LabelledQueue("rill.test.background")
        model.observe(Signal.just("a").concat(.error(.boom)).subscribe(on: source.scheduler))
        #expect(await changed.value())
        #expect(model.results == ["a"])
        #expect(model.failures == [.boom])
        #expect(model.onMainQueue == [true, true])
    }

    @Test(
        "On the main queue with nothing waiting, events are delivered at once, as RAC's deliverOnMainThread")
    func mainQueueEventsAreDeliveredInline() {
        let model = ResultsModel(changed: Gate())
        model.observe(Signal.from(["a", "b"]))
        #expect(model.results == ["a", "b"])
        #expect(model.isCompleted)
    }

    @Test("An event from the main queue waits behind one already queued from elsewhere")
    func mainQueueEventWaitsBehindQueuedOnes() async {
        let changed = Gate()
        let model = ResultsModel(changed: changed)
        let subject = Subject<String, TestError>()
        model.observe(subject.signal)
        DispatchQueue.global().sync { subject.sendNext("from background") }
        subject.sendNext("from main")
        subject.sendCompleted()
        #expect(model.results.isEmpty)
        #expect(await changed.value())
        #expect(model.results == ["from background", "from main"])
    }

    @Test("After disposal, events already queued for the main queue are not delivered")
    func disposalDropsQueuedEvents() async {
        let model = ResultsModel(changed: Gate())
        let subject = Subject<String, TestError>()
        model.observe(subject.signal)
        DispatchQueue.global().sync {
            subject.sendNext("a")
            subject.sendCompleted()
        }
        model.stop()
        await mainQueueTurns()
        #expect(model.results.isEmpty)
        #expect(!model.isCompleted)
    }

    @Test("The view model's chain: throttle, flattenMap, deliver(on: .main), assign")
    func viewModelChain() async {
        let changed = Gate()
        let model = ResultsModel(changed: changed)
        let search: @Sendable (String) -> Signal<String, TestError> = { query in
            Signal.just(query.uppercased()).subscribe(on: QueueScheduler(name: "rill.test.search"))
        }
        let queries = Subject<String, TestError>()
        model.bind(queries: queries.signal, search: search)
        DispatchQueue.global().async {
            for query in ["r", "ri", "rill"] { queries.sendNext(query) }
            queries.sendCompleted()
        }
        #expect(await changed.value())
        #expect(model.results == ["RILL"])
    }

    @Test("MainScheduler runs actions on the main queue, in the order they were scheduled")
    func mainSchedulerKeepsOrder() async {
        let log = Locked<[String]>([])
        let done = Gate()
        let scheduler = MainScheduler()
        DispatchQueue.global().sync {
            _ = scheduler.schedule { log.append("first on main: \(MainScheduler.isOnMainQueue)") }
        }
        scheduler.schedule { log.append("second on main: \(MainScheduler.isOnMainQueue)") }
        scheduler.schedule(afterDelay: 0) {
            log.append("delayed, current is the scheduler: \(Schedulers.current === scheduler)")
            done.open()
        }
        #expect(log.value.isEmpty)
        #expect(await done.value())
        #expect(
            log.value == [
                "first on main: true", "second on main: true", "delayed, current is the scheduler: true",
            ])
    }

    @Test("A hundred thousand recursions on the main scheduler run on the main queue")
    func recursionOnTheMainScheduler() async {
        let steps = Counter()
        let offMain = Counter()
        let done = Gate()
        MainScheduler.main.scheduleRecursive { reschedule in
            if !MainScheduler.isOnMainQueue { _ = offMain.increment() }
            if steps.increment() < 100_000 { reschedule() } else { done.open() }
        }
        #expect(await done.value())
        #expect(steps.value == 100_000)
        #expect(offMain.value == 0)
    }
}
