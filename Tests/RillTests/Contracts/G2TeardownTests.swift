import Rill
import RillTesting
import Testing

@Suite("G2: a terminal event tears the chain down before the handler runs")
struct G2TeardownTests {
    /// Subscribes and logs handler calls into `log`.
    private func subscribe<Value>(
        _ signal: Signal<Value, TestError>, log: Locked<[String]>
    ) -> any Disposable {
        signal.subscribe(
            next: { log.append("next \($0)") },
            error: { log.append("error \($0)") },
            completed: { log.append("completed") })
    }

    @Test("G2: the create body's disposable is disposed before the completed handler runs")
    func createCompleted() {
        let log = Locked<[String]>([])
        let source = ManualSource<Int, TestError>(log: log)
        _ = subscribe(source.signal, log: log)
        source.sendNext(1)
        #expect(log.value == ["next 1"])
        source.sendCompleted()
        #expect(log.value == ["next 1", "source disposed", "completed"])
    }

    @Test("G2: the create body's disposable is disposed before the error handler runs")
    func createError() {
        let log = Locked<[String]>([])
        let source = ManualSource<Int, TestError>(log: log)
        _ = subscribe(source.signal, log: log)
        source.sendError(.boom)
        #expect(log.value == ["source disposed", "error boom"])
    }

    @Test("G2: a body that completes synchronously has its disposable disposed when it returns")
    func synchronousCompletion() {
        let disposed = Counter()
        let signal = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return ActionDisposable { disposed.increment() }
        }
        let recorder = signal.record()
        #expect(recorder.events == [.next(1), .completed])
        #expect(disposed.value == 1)
    }

    @Test("G2: the subscription is already disposed when the completed handler runs")
    func subscriptionDisposedInHandler() {
        let source = ManualSource<Int, TestError>()
        let subscription = Locked<(any Disposable)?>(nil)
        let seenDisposed = Locked<Bool?>(nil)
        subscription.value = source.signal.subscribe(completed: {
            seenDisposed.value = subscription.value?.isDisposed
        })
        source.sendCompleted()
        #expect(seenDisposed.value == true)
    }

    @Test("G2: bind disposes the source and every inner signal before its completed handler runs")
    func bindCompleted() {
        let log = Locked<[String]>([])
        let source = ManualSource<Int, TestError>(label: "source", log: log)
        let innerA = ManualSource<Int, TestError>(label: "A", log: log)
        let innerB = ManualSource<Int, TestError>(label: "B", log: log)
        let bound = source.signal.bind { { $0 == 0 ? .merge(innerA.signal) : .merge(innerB.signal) } }
        _ = subscribe(bound, log: log)
        source.sendNext(0)
        source.sendNext(1)
        source.sendCompleted()
        innerA.sendCompleted()
        #expect(log.value == ["source disposed", "A disposed"])
        innerB.sendCompleted()
        #expect(log.value == ["source disposed", "A disposed", "B disposed", "completed"])
    }

    @Test("G2: an inner error in bind disposes the source and the other inners before the error handler")
    func bindInnerError() {
        let log = Locked<[String]>([])
        let source = ManualSource<Int, TestError>(label: "source", log: log)
        let innerA = ManualSource<Int, TestError>(label: "A", log: log)
        let innerB = ManualSource<Int, TestError>(label: "B", log: log)
        let bound = source.signal.bind { { $0 == 0 ? .merge(innerA.signal) : .merge(innerB.signal) } }
        _ = subscribe(bound, log: log)
        source.sendNext(0)
        source.sendNext(1)
        innerA.sendError(.boom)
        #expect(log.value.last == "error boom")
        #expect(Set(log.value.dropLast()) == ["source disposed", "A disposed", "B disposed"])
        #expect(log.value.first == "A disposed")
    }

    @Test("G2: a source error in bind disposes every inner signal before the error handler")
    func bindSourceError() {
        let log = Locked<[String]>([])
        let source = ManualSource<Int, TestError>(label: "source", log: log)
        let inner = ManualSource<Int, TestError>(label: "inner", log: log)
        let bound = source.signal.bind { { _ in .merge(inner.signal) } }
        _ = subscribe(bound, log: log)
        source.sendNext(0)
        source.sendError(.boom)
        #expect(log.value == ["source disposed", "inner disposed", "error boom"])
    }

    @Test("G2: concat disposes the finished part before subscribing the next, and the last before completed")
    func concatCompleted() {
        let log = Locked<[String]>([])
        let first = ManualSource<Int, TestError>(label: "first", log: log)
        let second = ManualSource<Int, TestError>(label: "second", log: log)
        _ = subscribe(first.signal.concat(second.signal), log: log)
        #expect(second.subscriptions.value == 0)
        first.sendCompleted()
        #expect(log.value == ["first disposed"])
        #expect(second.subscriptions.value == 1)
        second.sendCompleted()
        #expect(log.value == ["first disposed", "second disposed", "completed"])
    }

    @Test("G2: zip disposes the side that is still running before its completed handler runs")
    func zipCompleted() {
        let log = Locked<[String]>([])
        let left = ManualSource<Int, TestError>(label: "left", log: log)
        let right = ManualSource<Int, TestError>(label: "right", log: log)
        _ = subscribe(left.signal.zip(with: right.signal).bind { { .merge(.just($0.0 + $0.1)) } }, log: log)
        left.sendNext(1)
        right.sendNext(2)
        left.sendCompleted()
        #expect(log.value == ["next 3", "left disposed", "right disposed", "completed"])
    }

    @Test("G2: zip disposes both sides before its error handler runs")
    func zipError() {
        let log = Locked<[String]>([])
        let left = ManualSource<Int, TestError>(label: "left", log: log)
        let right = ManualSource<Int, TestError>(label: "right", log: log)
        _ = subscribe(left.signal.zip(with: right.signal).bind { { .merge(.just($0.0 + $0.1)) } }, log: log)
        right.sendError(.boom)
        #expect(log.value == ["right disposed", "left disposed", "error boom"])
    }

    @Test("G2: a synchronous inner signal that completes last tears bind down without crashing")
    func bindLastSynchronousInner() {
        // RAC: -flatten "should dispose after last synchronous signal subscription and should not crash".
        let disposed = Counter()
        let inner = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(7)
            subscriber.sendCompleted()
            return ActionDisposable { disposed.increment() }
        }
        let recorder = Signal<Int, TestError>.from([1, 2]).bind { { _ in .merge(inner) } }.record()
        #expect(recorder.events == [.next(7), .next(7), .completed])
        #expect(disposed.value == 2)
    }
}
