import Rill
import RillTesting
import Testing

@Suite("G7: handlers may send into their own source")
struct G7ReentrancyTests {
    @Test("G7: a value sent from inside the next handler is delivered after the handler returns")
    func reentrantSendIsQueued() {
        let source = ManualSource<Int, TestError>()
        let depth = OverlapDetector()
        let log = Locked<[String]>([])
        source.signal.subscribe(
            next: { value in
                depth.enter()
                log.append("begin \(value)")
                if value < 3 { source.sendNext(value + 1) }
                if value == 3 { source.sendCompleted() }
                log.append("end \(value)")
                depth.leave()
            },
            completed: { log.append("completed") })
        source.sendNext(1)
        #expect(depth.deepest == 1)
        #expect(log.value == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3", "completed"])
    }

    @Test("G7: take completes even if the signal is recursive")
    func takeOnRecursiveSignal() {
        // RAC: "should complete take: even if the signal is recursive".
        let source = ManualSource<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        takeWithBind(source.signal, 3).subscribe(
            next: { value in
                recorder.append(.next(value))
                source.sendNext(value + 1)
            },
            error: { recorder.append(.error($0)) },
            completed: { recorder.append(.completed) })
        source.sendNext(0)
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        #expect(source.isDisposed)
    }

    @Test("G7: take completes when the recursive source sends from inside its create body")
    func takeOnSynchronouslyRecursiveSignal() {
        let box = Locked<Subscriber<Int, TestError>?>(nil)
        let disposed = Counter()
        let source = Signal<Int, TestError>.create { subscriber in
            box.value = subscriber
            subscriber.sendNext(0)
            return ActionDisposable { disposed.increment() }
        }
        let recorder = EventRecorder<Int, TestError>()
        takeWithBind(source, 5).subscribe(
            next: { value in
                recorder.append(.next(value))
                box.value?.sendNext(value + 1)
            },
            completed: { recorder.append(.completed) })
        #expect(recorder.events == [.next(0), .next(1), .next(2), .next(3), .next(4), .completed])
        #expect(disposed.value == 1)
    }

    @Test("G7: completing the source from inside the handler completes the subscription")
    func reentrantCompletion() {
        let source = ManualSource<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        source.signal.bind { { .merge(.just($0 * 2)) } }.subscribe(
            next: { value in
                recorder.append(.next(value))
                source.sendCompleted()
                source.sendNext(100)
            },
            completed: { recorder.append(.completed) })
        source.sendNext(1)
        #expect(recorder.events == [.next(2), .completed])
    }

    @Test("G7: a handler sending into the running concat part is served in order")
    func reentrantConcat() {
        let first = ManualSource<Int, TestError>(label: "first")
        let recorder = EventRecorder<Int, TestError>()
        first.signal.concat(.just(100)).subscribe(
            next: { value in
                recorder.append(.next(value))
                if value < 3 { first.sendNext(value + 1) } else if value == 3 { first.sendCompleted() }
            },
            completed: { recorder.append(.completed) })
        first.sendNext(1)
        #expect(recorder.values == [1, 2, 3, 100])
        #expect(recorder.isCompleted)
    }

    @Test("G7: a zip handler feeding both sides keeps pairing")
    func reentrantZip() {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<Int, TestError>(label: "right")
        let recorder = EventRecorder<(Int, Int), TestError>()
        left.signal.zip(with: right.signal).subscribe(
            next: { pair in
                recorder.append(.next(pair))
                guard pair.0 < 4 else { return left.sendCompleted() }
                left.sendNext(pair.0 + 1)
                right.sendNext(pair.1 + 1)
            },
            completed: { recorder.append(.completed) })
        left.sendNext(1)
        right.sendNext(1)
        #expect(pairs(recorder.values) == ["11", "22", "33", "44"])
        #expect(recorder.isCompleted)
    }

    @Test("G7: a bind block that sends into its own source does not nest")
    func reentrantBindBlock() {
        let source = ManualSource<Int, TestError>()
        let depth = OverlapDetector()
        let recorder = source.signal.bind {
            { value in
                depth.enter()
                defer { depth.leave() }
                if value < 5 { source.sendNext(value + 1) }
                return value == 5 ? .mergeThenStop(.just(value)) : .merge(.just(value))
            }
        }.record()
        source.sendNext(1)
        #expect(depth.deepest == 1)
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
    }

    /// The events of `transform` applied to a source whose subscriber, on each value, sends the
    /// source the next number up to `last`, counting on from the numbers sent first.
    func fedBack<Output>(
        _ first: [Int], last: Int = 5, _ transform: (Signal<Int, TestError>) -> Signal<Output, TestError>
    ) -> [Event<Output, TestError>] {
        let source = ManualSource<Int, TestError>()
        let sent = Locked(first.last ?? 0)
        let recorder = EventRecorder<Output, TestError>()
        let subscription = transform(source.signal).subscribe(
            next: { value in
                recorder.append(.next(value))
                let next = sent.withLock { sent in
                    sent += 1
                    return sent
                }
                if next <= last { source.sendNext(next) }
            },
            completed: { recorder.append(.completed) })
        for value in first { source.sendNext(value) }
        subscription.dispose()
        return recorder.events
    }

    /// Generated operators hand a bind block its state as `inout` parameters for the whole
    /// block, which is only right if the block never runs again before it returns: a value its
    /// subscriber sends back into the source must wait until it has.
    @Test("G7: operators lowered from bind blocks with state see a re-entrant value after the block returns")
    func reentrantOperatorsWithState() {
        // The state is written after the value is sent (`defer { previous = value }`): a nested
        // block would see the previous value before the current one.
        #expect(
            fedBack([1]) { $0.combinePrevious(0) { "\($0)>\($1)" } }.compactMap(\.value) == [
                "0>1", "1>2", "2>3", "3>4", "4>5",
            ])
        #expect(fedBack([1]) { $0.distinctUntilChanged() }.compactMap(\.value) == [1, 2, 3, 4, 5])
        #expect(fedBack([1, 2]) { $0.skipLast(1) }.compactMap(\.value) == [1, 2, 3, 4])
        #expect(
            fedBack([1]) { $0.scanIndexed(0) { total, value, index in total + value * index } }.compactMap(
                \.value)
                == [0, 2, 8, 20, 40])
        #expect(fedBack([1]) { $0.take(3) } == [.next(1), .next(2), .next(3), .completed])
    }

    @Test("G7: a lowered operator with state that feeds its own source through a create body does not nest")
    func reentrantLoweredOperatorThroughCreate() {
        let box = Locked<Subscriber<Int, TestError>?>(nil)
        let source = Signal<Int, TestError>.create { subscriber in
            box.value = subscriber
            subscriber.sendNext(1)
            return ActionDisposable {}
        }
        let recorder = EventRecorder<String, TestError>()
        let subscription = source.combinePrevious(0) { "\($0)>\($1)" }.subscribe(
            next: { pair in
                recorder.append(.next(pair))
                if recorder.values.count < 4 { box.value?.sendNext(recorder.values.count + 1) }
            },
            completed: { recorder.append(.completed) })
        #expect(recorder.values == ["0>1", "1>2", "2>3", "3>4"])
        subscription.dispose()
    }
}
