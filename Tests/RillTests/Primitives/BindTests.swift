import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

@Suite("bind")
struct BindTests {
    @Test("bind calls its factory once per subscription, on subscription")
    func factoryPerSubscription() {
        let factoryCalls = Counter()
        let blockCalls = Counter()
        let signal = Signal<Int, TestError>.from([1, 2, 3]).bind {
            factoryCalls.increment()
            return { value in
                blockCalls.increment()
                return .merge(.just(value))
            }
        }
        #expect(factoryCalls.value == 0)
        _ = signal.record()
        #expect(factoryCalls.value == 1)
        #expect(blockCalls.value == 3)
        _ = signal.record()
        #expect(factoryCalls.value == 2)
        #expect(blockCalls.value == 6)
    }

    @Test("bind merges just, empty and non-constant inner signals")
    func mergesInnerKinds() {
        let recorder = Signal<Int, TestError>.from([0, 1, 2]).bind {
            { value in
                switch value {
                case 0: .merge(.just(10))
                case 1: .merge(.empty)
                default: .merge(.from([20, 21]))
                }
            }
        }.record()
        #expect(recorder.events == [.next(10), .next(20), .next(21), .completed])
    }

    @Test("bind of an empty source completes without calling the block")
    func emptySource() {
        let blockCalls = Counter()
        let recorder = Signal<Int, TestError>.empty.bind {
            { value in
                blockCalls.increment()
                return .merge(.just(value))
            }
        }.record()
        #expect(recorder.events == [.completed])
        #expect(blockCalls.value == 0)
    }

    @Test("bind completes only when the source and every inner signal have completed (source last)")
    func completesWhenAllDoneSourceLast() {
        let source = ManualSource<Int, TestError>(label: "source")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let recorder = source.signal.bind { { _ in .merge(inner.signal) } }.record()
        source.sendNext(0)
        inner.sendNext(1)
        inner.sendCompleted()
        #expect(!recorder.isCompleted)
        source.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test("bind completes only when the source and every inner signal have completed (inner last)")
    func completesWhenAllDoneInnerLast() {
        let source = ManualSource<Int, TestError>(label: "source")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let recorder = source.signal.bind { { _ in .merge(inner.signal) } }.record()
        source.sendNext(0)
        source.sendCompleted()
        #expect(source.isDisposed)
        #expect(!recorder.isCompleted)
        inner.sendNext(1)
        inner.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test("bind never completes while an inner signal never does")
    func neverInner() {
        let recorder = Signal<Int, TestError>.just(1).bind { { _ in .merge(Signal<Int, TestError>.never) } }
            .record()
        #expect(recorder.events.isEmpty)
        recorder.dispose()
    }

    @Test("stop ends the source at once: it is disposed and the block is not called again")
    func stopDisposesSource() {
        let source = ManualSource<Int, TestError>()
        let blockCalls = Counter()
        let recorder = source.signal.bind {
            { value in
                blockCalls.increment()
                return value == 2 ? .stop : .merge(.just(value))
            }
        }.record()
        source.sendNext(1)
        #expect(!source.isDisposed)
        source.sendNext(2)
        #expect(source.isDisposed)
        #expect(recorder.events == [.next(1), .completed])
        source.sendNext(3)
        #expect(blockCalls.value == 2)
    }

    @Test("stop on a synchronous source stops its iteration")
    func stopSynchronousSource() {
        let pulled = Counter()
        let blockCalls = Counter()
        let recorder = Signal<Int, TestError>.from(CountingNaturals(pulled: pulled)).bind {
            { value in
                blockCalls.increment()
                return value == 3 ? .stop : .merge(.just(value))
            }
        }.record()
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        #expect(blockCalls.value == 4)
        #expect(pulled.value <= 5)
    }

    @Test("stop waits for the inner signals that are still running")
    func stopWaitsForInners() {
        let source = ManualSource<Int, TestError>(label: "source")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let recorder = source.signal.bind { { $0 == 0 ? .merge(inner.signal) : .stop } }.record()
        source.sendNext(0)
        source.sendNext(1)
        #expect(source.isDisposed)
        #expect(!recorder.isCompleted)
        inner.sendNext(5)
        inner.sendCompleted()
        #expect(recorder.events == [.next(5), .completed])
    }

    @Test("mergeThenStop merges the signal and disposes the source at once")
    func mergeThenStop() {
        let source = ManualSource<Int, TestError>(label: "source")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let recorder = source.signal.bind { { _ in .mergeThenStop(inner.signal) } }.record()
        source.sendNext(0)
        #expect(source.isDisposed)
        #expect(inner.subscriptions.value == 1)
        inner.sendNext(7)
        #expect(!recorder.isCompleted)
        inner.sendCompleted()
        #expect(recorder.events == [.next(7), .completed])
    }

    @Test("mergeThenStop with just sends the value, then completes")
    func mergeThenStopJust() {
        let recorder = Signal<Int, TestError>.from([1, 2, 3]).bind { { .mergeThenStop(.just($0 * 2)) } }
            .record()
        #expect(recorder.events == [.next(2), .completed])
    }

    @Test("a source error disposes every inner signal and ends the result")
    func sourceError() {
        let source = ManualSource<Int, TestError>(label: "source")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let recorder = source.signal.bind { { _ in .merge(inner.signal) } }.record()
        source.sendNext(0)
        inner.sendNext(1)
        source.sendError(.boom)
        #expect(inner.isDisposed)
        inner.sendNext(2)
        inner.sendCompleted()
        #expect(recorder.events == [.next(1), .error(.boom)])
    }

    @Test("an inner error disposes the source and the other inners and ends the result")
    func innerError() {
        let source = ManualSource<Int, TestError>(label: "source")
        let a = ManualSource<Int, TestError>(label: "a")
        let b = ManualSource<Int, TestError>(label: "b")
        let blockCalls = Counter()
        let recorder = source.signal.bind {
            { value in
                blockCalls.increment()
                return value == 0 ? .merge(a.signal) : .merge(b.signal)
            }
        }.record()
        source.sendNext(0)
        source.sendNext(1)
        a.sendError(.boom)
        #expect(source.isDisposed && b.isDisposed)
        source.sendNext(2)
        b.sendNext(3)
        #expect(recorder.events == [.error(.boom)])
        #expect(blockCalls.value == 2)
    }

    @Test("merging error(_) fails at once and stops the source")
    func mergeErrorConstant() {
        let pulled = Counter()
        let blockCalls = Counter()
        let recorder = Signal<Int, TestError>.from(CountingNaturals(pulled: pulled)).bind {
            { value in
                blockCalls.increment()
                return value == 2 ? .merge(.error(.tagged(value))) : .merge(.just(value))
            }
        }.record()
        #expect(recorder.events == [.next(0), .next(1), .error(.tagged(2))])
        #expect(blockCalls.value == 3)
        #expect(pulled.value <= 4)
    }

    @Test("a synchronous error from a create inner signal fails the result and stops the source")
    func synchronousInnerError() {
        let blockCalls = Counter()
        let failing = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(9)
            subscriber.sendError(.other)
            return nil
        }
        let recorder = Signal<Int, TestError>.from([1, 2, 3]).bind {
            { _ in
                blockCalls.increment()
                return .merge(failing)
            }
        }.record()
        #expect(recorder.events == [.next(9), .error(.other)])
        #expect(blockCalls.value == 1)
    }

    @Test("an error after all values is passed on once")
    func sourceErrorAfterValues() {
        let source = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            subscriber.sendError(.boom)
            return nil
        }
        let recorder = source.bind { { .merge(.just($0 + 1)) } }.record()
        #expect(recorder.events == [.next(2), .next(3), .error(.boom)])
    }

    @Test("bind can change the value type")
    func changesType() {
        let recorder = Signal<Int, TestError>.from([1, 2]).bind {
            { .merge(.just(String(repeating: "x", count: $0))) }
        }.record()
        #expect(recorder.events == [.next("x"), .next("xx"), .completed])
    }

    @Test("bind over a concat source and concat inners keeps the order")
    func concatInside() {
        let source = Signal<Int, TestError>.just(1).concat(.just(2))
        let recorder = source.bind { { .merge(Signal.just($0).concat(.just($0 * 10))) } }.record()
        #expect(recorder.events == [.next(1), .next(10), .next(2), .next(20), .completed])
    }

    @Test("stop on a concat source stops the remaining parts")
    func stopConcatSource() {
        let blockCalls = Counter()
        let later = ManualSource<Int, TestError>(label: "later")
        let source = Signal<Int, TestError>.just(1).concat(.just(2)).concat(.just(3)).concat(later.signal)
        let recorder = takeWithBind(
            source.bind {
                { value in
                    blockCalls.increment()
                    return .merge(.just(value))
                }
            }, 2
        ).record()
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(blockCalls.value == 2)
        #expect(later.subscriptions.value == 0)
    }

    @Test("a merged sequence stops being pulled once the subscription is disposed")
    func mergedSequenceStopsOnDisposal() {
        let recorder = Signal<Int, TestError>.just(0).flattenMap { _ in .from(1...) }.take(3).record()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("what the subscriber sends back into a merge during a merged sequence comes between its values")
    func reentrantValuesBetweenSequenceValues() {
        let subject = Subject<Int, TestError>()
        let received = Lock<[Int]>([])
        let subscription = Signal<Int, TestError>.merge([subject.signal, .from([1, 2, 3])])
            .subscribe(next: { value in
                received.withLock { $0.append(value) }
                if value < 10 { subject.send(value * 10) }
            })
        #expect(received.withLock { $0 } == [1, 10, 2, 20, 3, 30])
        subscription.dispose()
    }

    @Test("another thread's values reach the subscriber serially while a merged sequence runs, none lost")
    func concurrentValuesDuringMergedSequence() {
        let subject = Subject<Int, TestError>()
        let inside = Atomic<Bool>(false)
        let overlapped = Atomic<Bool>(false)
        let count = Atomic<Int>(0)
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let recorder = EventRecorder<Int, TestError>()
        Thread {
            start.wait()
            for value in 1...10_000 { subject.send(-value) }
            subject.sendCompleted()
            done.signal()
        }.start()
        // The subject is subscribed first; the other thread starts sending at the sequence's
        // first value, so that its values arrive while the sequence's burst runs.
        let merged = Signal<Int, TestError>.merge([subject.signal, .from(0..<100_000)])
            .on(next: { value in
                if inside.exchange(true, ordering: .acquiring) { overlapped.store(true, ordering: .relaxed) }
                count.add(1, ordering: .relaxed)
                if value == 0 { start.signal() }
                inside.store(false, ordering: .releasing)
            })
        recorder.subscribe(to: merged)
        done.wait()
        let delivered = count.load(ordering: .relaxed)
        let wasOverlapped = overlapped.load(ordering: .relaxed)
        #expect(delivered == 110_000)
        #expect(!wasOverlapped)
        #expect(recorder.isCompleted)
    }
}
