import Rill
import RillTesting
import Testing

/// Flattening inner signals made with `from(_:)`, which every strategy runs without
/// subscribing them: their values go out as one burst, and the burst obeys the same rules as a
/// subscription.
@Suite("Flattening sequences")
struct FlattenSequenceTests {
    typealias Inner = Signal<Int, TestError>

    static let strategies: [FlattenStrategy] = [
        .merge, .concat, .concurrent(limit: 2), .latest, .race, .exhaust,
    ]

    /// An outer signal whose observer the test calls directly, re-entrantly if it likes, as a
    /// producer may: a subject or a `create` subscriber would queue a re-entrant value instead.
    /// Used on one thread only.
    final class DirectOuter {
        var observer: Observer<Inner, TestError>?

        func sendNext(_ inner: Inner) { observer?.send(.next(inner)) }
        func sendCompleted() { observer?.send(.completed) }
    }

    @Test(
        "each sequence's values go out in order, and the result completes after the outer signal and the last sequence",
        arguments: strategies)
    func valuesInOrder(_ strategy: FlattenStrategy) {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(strategy))
        outer.sendNext(.from([1, 2]))
        outer.sendNext(.from([]))
        #expect(!recorder.isTerminated)
        outer.sendNext(.from([3]))
        outer.sendCompleted()
        // A race is won by the first inner signal to send; the others are ignored.
        #expect(recorder.values == (strategy == .race ? [1, 2] : [1, 2, 3]))
        #expect(recorder.isCompleted)
    }

    @Test("a sequence replaces the inner signal before it after delivering its values (RAC's order)")
    func replacesAfterItsValues() {
        let log = Locked<[String]>([])
        let first = Inner.create { _ in ActionDisposable { log.append("dispose first") } }
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest().on(next: { log.append("value \($0)") }))
        outer.sendNext(first)
        outer.sendNext(.from([2, 3]))
        #expect(log.value == ["value 2", "value 3", "dispose first"])
        outer.sendCompleted()
        #expect(recorder.isCompleted)
    }

    @Test(
        "a sequence replaced from its own value's handler sends nothing more, and its replacement's values follow"
    )
    func replacedReentrantly() {
        // The test runs on one thread: nothing reaches `outer` from another.
        nonisolated(unsafe) let outer = DirectOuter()
        let signal = Signal<Inner, TestError> { observer, _ in outer.observer = observer }
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(
            to: signal.switchToLatest().on(next: { value in
                if value == 1 { outer.sendNext(.from([10, 11])) }
            }))
        outer.sendNext(.from([1, 2, 3]))
        outer.sendCompleted()
        #expect(recorder.values == [1, 10, 11])
        #expect(recorder.isCompleted)
    }

    /// A race subscribes its inner signals, whose iteration may pull one element past a
    /// disposal (`from(_:)` asks after pulling); the other strategies run a sequence as a burst.
    @Test(
        "disposing the result from a value's handler stops the sequence: it pulls no further value",
        arguments: strategies.filter { $0 != .race })
    func disposalStopsPulling(_ strategy: FlattenStrategy) {
        let pulled = Counter()
        let numbers = CountedNumbers(upTo: 1_000_000, pulled: pulled)
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let received = Locked<[Int]>([])
        let subscription = SerialDisposable()
        subscription.inner = outer.signal.flatten(strategy).subscribe(next: { value in
            received.append(value)
            if value == 2 { subscription.dispose() }
        })
        outer.sendNext(.from(numbers))
        #expect(received.value == [1, 2])
        #expect(pulled.value == 2)
    }
}

/// 1, 2, 3 … `last`, counting the values pulled.
private struct CountedNumbers: Sequence, Sendable {
    let last: Int
    let pulled: Counter

    init(upTo last: Int, pulled: Counter) {
        self.last = last
        self.pulled = pulled
    }

    func makeIterator() -> some IteratorProtocol<Int> {
        var next = 1
        return AnyIterator {
            guard next <= last else { return nil }
            pulled.increment()
            defer { next += 1 }
            return next
        }
    }
}
