import Rill
import RillTesting
import Testing

@Suite("G1: grammar next* (error | completed)?")
struct G1GrammarTests {
    @Test("G1: nothing is delivered after completed")
    func nothingAfterCompleted() {
        let signal = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            subscriber.sendError(.boom)
            return nil
        }
        #expect(signal.record().events == [.next(1), .completed])
    }

    @Test("G1: nothing is delivered after error")
    func nothingAfterError() {
        let signal = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(.boom)
            subscriber.sendNext(2)
            subscriber.sendError(.other)
            subscriber.sendCompleted()
            return nil
        }
        #expect(signal.record().events == [.next(1), .error(.boom)])
    }

    @Test("G1: only the first of two terminal events is delivered, whichever kind")
    func firstTerminalWins() {
        let completedFirst = Signal<Int, TestError>.create { subscriber in
            subscriber.sendCompleted()
            subscriber.sendError(.boom)
            return nil
        }
        let errorFirst = Signal<Int, TestError>.create { subscriber in
            subscriber.sendError(.boom)
            subscriber.sendCompleted()
            return nil
        }
        #expect(completedFirst.record().events == [.completed])
        #expect(errorFirst.record().events == [.error(.boom)])
    }

    @Test("G1: sends after completion from outside the create body are dropped")
    func asynchronousSendsAfterCompletion() {
        let source = ManualSource<Int, TestError>()
        let recorder = source.signal.record()
        source.sendNext(1)
        source.sendCompleted()
        source.sendNext(2)
        source.sendError(.boom)
        source.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test("G1: the subscriber reports itself disposed once a terminal event was sent")
    func subscriberStopsAfterTerminal() {
        let source = ManualSource<Int, TestError>()
        _ = source.signal.record()
        #expect(!source.subscriber.isDisposed)
        source.sendNext(1)
        #expect(!source.subscriber.isDisposed)
        source.sendCompleted()
        #expect(source.subscriber.isDisposed)
    }

    @Test("G1: subscribe filters a raw producer that keeps sending after a terminal event")
    func subscribeFiltersRawProducer() {
        let signal = Signal<Int, TestError>(producer: { observer, _ in
            observer.sendNext(1)
            observer.sendError(.boom)
            observer.sendNext(2)
            observer.sendCompleted()
            observer.sendError(.other)
        })
        let handlerCalls = Counter()
        let recorder = EventRecorder<Int, TestError>()
        signal.subscribe(
            next: {
                recorder.append(.next($0))
                handlerCalls.increment()
            },
            error: {
                recorder.append(.error($0))
                handlerCalls.increment()
            },
            completed: {
                recorder.append(.completed)
                handlerCalls.increment()
            })
        #expect(recorder.events == [.next(1), .error(.boom)])
        #expect(handlerCalls.value == 2)
    }

    @Test("G1: bind passes on nothing after a source that misbehaves after completing")
    func bindAfterMisbehavingSource() {
        let source = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendNext(2)
            subscriber.sendError(.boom)
            return nil
        }
        let bound = source.bind { { .merge(.just($0 * 10)) } }
        #expect(bound.record().events == [.next(10), .completed])
    }

    @Test("G1: bind passes on nothing after an inner signal that misbehaves after erroring")
    func bindAfterMisbehavingInner() {
        let inner = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(.boom)
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let bound = Signal<Int, TestError>.from([0, 1]).bind { { _ in .merge(inner) } }
        #expect(bound.record().events == [.next(1), .error(.boom)])
    }

    @Test("G1: concat runs its second part once even if the first part completes twice")
    func concatAfterMisbehavingPart() {
        let first = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            subscriber.sendNext(2)
            subscriber.sendCompleted()
            return nil
        }
        let recorder = first.concat(.just(9)).record()
        #expect(recorder.events == [.next(1), .next(9), .completed])
    }

    @Test("G1: zip sends one terminal event when both sides terminate")
    func zipOneTerminal() {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<String, TestError>(label: "right")
        let recorder = left.signal.zip(with: right.signal).record()
        left.sendNext(1)
        right.sendNext("a")
        left.sendCompleted()
        right.sendError(.boom)
        right.sendCompleted()
        #expect(pairs(recorder.values) == ["1a"])
        #expect(recorder.events.count == 2)
        #expect(recorder.isCompleted)
        #expect(recorder.failure == nil)
    }

    @Test(
        "G1: constants send a well-formed sequence",
        arguments: [
            (Signal<Int, TestError>.just(1), [Event<Int, TestError>.next(1), .completed]),
            (.empty, [.completed]),
            (.error(.boom), [.error(.boom)]),
            (.never, []),
        ])
    func constants(signal: Signal<Int, TestError>, expected: [Event<Int, TestError>]) {
        #expect(signal.record().events == expected)
    }
}
