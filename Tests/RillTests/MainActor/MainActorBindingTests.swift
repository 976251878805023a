import Dispatch
import Rill
import RillTesting
import Testing

/// A view model as an app writes one, in Swift 6 mode: main-actor state, bound to signals that
/// may deliver on any thread, with no `@unchecked`, `nonisolated(unsafe)` or `assumeIsolated`.
@MainActor
final class BoundSearchModel: LifetimeProviding {
    nonisolated let lifetime: Lifetime
    private let token: Lifetime.Token
    var query = ""
    var results: [String] = []
    var resultCount = 0
    var status = ""
    var writesOnMainQueue: [Bool] = []
    let title = MutableProperty("")

    init(queries: Signal<String, Never>, results: Signal<[String], Never>, titles: Signal<String?, Never>) {
        (lifetime, token) = Lifetime.make()
        queries.deliver(on: .main).bind(to: self, \.query)
        results.deliver(on: .main)
            .filter { !$0.isEmpty }
            .removeDuplicates()
            .map { $0.sorted() }
            .bind(to: self, \.results)
        BindingTarget(on: .main, self, \.resultCount) <~ results.map(\.count)
        BindingTarget(on: .main, lifetime: lifetime) { [weak self] (count: Int) in
            self?.writesOnMainQueue.append(MainScheduler.isOnMainQueue)
            self?.status = "\(count) found"
        } <~ results.map(\.count)
        title <~ titles.map { $0 ?? "untitled" }
    }
}

/// A `@MainActor` object without a lifetime of its own.
@MainActor
final class PlainLabel {
    var text = ""
}

@MainActor
@Suite("Binding from and to the main actor")
struct MainActorBindingTests {
    @Test("a main-actor model binds signals into its own state, on the main queue")
    func modelBindsItsOwnState() async {
        let queries = Subject<String, Never>()
        let results = Subject<[String], Never>()
        let titles = Subject<String?, Never>()
        let model = BoundSearchModel(queries: queries.signal, results: results.signal, titles: titles.signal)
        let background = DispatchQueue(label: "rill.test.binding")
        let sent = Gate()
        background.async {
            queries.sendNext("ri")
            results.sendNext(["rill"])
            results.sendNext(["rill"])
            results.sendNext([])
            results.sendNext(["river", "rill"])
            titles.sendNext(nil)
            sent.open()
        }
        #expect(await sent.value())
        await mainQueueTurns()
        #expect(model.query == "ri")
        #expect(model.results == ["rill", "river"])
        #expect(model.writesOnMainQueue == [true, true, true, true])
        #expect(model.resultCount == 2)
        #expect(model.status == "2 found")
        #expect(model.title.value == "untitled")
    }

    @Test("values sent on the main queue are written at once")
    func writesAtOnceOnMain() {
        let model = BoundSearchModel(
            queries: Signal.from(["a", "ab"]), results: .never, titles: .never)
        #expect(model.query == "ab")
    }

    @Test("a main-actor model and its bindings are released while the sources are still alive")
    func modelReleased() {
        let queries = ManualSource<String, Never>()
        let results = ManualSource<[String], Never>()
        var model: BoundSearchModel? = BoundSearchModel(
            queries: queries.signal, results: results.signal, titles: .never)
        weak let weakModel = model
        weak let weakTitle = model!.title
        queries.sendNext("a")
        #expect(model?.query == "a")
        model = nil
        #expect(weakModel == nil)
        #expect(weakTitle == nil)
        #expect(queries.allSubscribers.allSatisfy { $0.isDisposed })
        #expect(results.allSubscribers.allSatisfy { $0.isDisposed })
        #expect(results.allSubscribers.count == 3)
    }

    @Test("a plain main-actor object is released while bound; the binding ends at the next value")
    func plainObjectReleased() {
        let source = ManualSource<String, Never>()
        var label: PlainLabel? = PlainLabel()
        weak let weakLabel = label
        let binding = source.signal.deliver(on: .main).bind(to: label!, \.text)
        source.sendNext("a")
        #expect(label?.text == "a")
        label = nil
        #expect(weakLabel == nil)
        #expect(!binding.isDisposed)
        source.sendNext("b")
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
    }

    @Test("map, filter and removeDuplicates run on the main actor and keep a main-actor signal")
    func operatorsStayOnTheMainActor() async {
        let done = Gate()
        var seen: [String] = []
        let source = Signal<Int, Never>.from([1, 1, 2, 3, 3, 4]).subscribe(
            on: QueueScheduler(queue: .global()))
        var onMain: [Bool] = []
        _ = source.deliver(on: .main)
            .removeDuplicates()
            .filter { value in
                onMain.append(MainScheduler.isOnMainQueue)
                return value != 3
            }
            .map { "\($0)" }
            .subscribe(next: { seen.append($0) }, completed: { done.open() })
        #expect(await done.value())
        #expect(seen == ["1", "2", "4"])
        #expect(onMain == [true, true, true, true])
    }

    @Test("a failure of a main-actor binding reaches the handler on the main actor")
    func errorOnMainActor() async {
        let property = MutableProperty(0)
        let reported = Gate()
        var failures: [TestError] = []
        let source = Signal<Int, TestError>.concat([.just(1), .error(.boom)])
            .subscribe(on: QueueScheduler(queue: .global()))
        source.deliver(on: .main).bind(
            to: property,
            error: { failure in
                failures.append(failure)
                reported.open()
            })
        #expect(await reported.value())
        #expect(failures == [.boom])
        #expect(property.value == 1)
    }
}

@MainActor
@Suite("Binding to the main actor from many threads")
struct MainActorBindingOrderTests {
    @Test("values sent from 8 threads reach a main-actor target, each thread's in order")
    func eightThreads() async {
        let source = Subject<Int, Never>()
        let label = NumbersLabel()
        let done = Gate()
        let binding = BindingTarget(on: .main, label, \.numbers) <~ source.signal.scan([Int]()) { $0 + [$1] }
        let main = MutableProperty(0)
        main <~ source.signal.deliver(on: .main)
        DispatchQueue.global().async {
            onThreads(8) { thread in
                for index in 0..<200 { source.sendNext(thread * 1_000 + index) }
            }
            done.open()
        }
        #expect(await done.value())
        await mainQueueTurns()
        #expect(label.numbers.count == 1_600)
        for thread in 0..<8 {
            let mine = label.numbers.filter { $0 / 1_000 == thread }
            #expect(mine == Array(thread * 1_000..<thread * 1_000 + 200))
        }
        #expect(main.value == label.numbers.last)
        binding.dispose()
    }
}

/// A `@MainActor` object that collects numbers.
@MainActor
final class NumbersLabel {
    var numbers: [Int] = []
}

@MainActor
@Suite("Binding from the main actor to a target on another scheduler")
struct MainActorScheduledTargetTests {
    @Test(
        "a main-actor signal bound to a target on a scheduler writes there, and its failure reaches the handler on the main actor"
    )
    func mainActorSignalIntoScheduledTarget() async {
        let scheduler = TestScheduler()
        let written = Locked<[Int]>([])
        let (lifetime, token) = Lifetime.make()
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { written.append($0) }
        let source = Subject<Int, TestError>()
        var failures: [TestError] = []
        let binding = source.signal.deliver(on: .main).bind(
            to: target, error: { failure in failures.append(failure) })
        source.sendNext(1)
        await mainQueueTurns()
        #expect(written.value.isEmpty)
        scheduler.advance(by: 0)
        #expect(written.value == [1])
        source.sendError(.boom)
        await mainQueueTurns()
        #expect(failures == [.boom])
        scheduler.advance(by: 0)
        #expect(binding.isDisposed)
        token.dispose()
    }
}
