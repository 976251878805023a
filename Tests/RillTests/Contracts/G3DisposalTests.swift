import Dispatch
import Rill
import RillTesting
import Testing

@Suite("G3: disposal is immediate and releases everything")
struct G3DisposalTests {
    @Test("G3: nothing is delivered after dispose returns")
    func nothingAfterDispose() {
        let source = ManualSource<Int, TestError>()
        let recorder = source.signal.record()
        source.sendNext(1)
        recorder.dispose()
        source.sendNext(2)
        source.sendCompleted()
        #expect(recorder.events == [.next(1)])
    }

    @Test("G3: disposal runs no handlers")
    func disposalRunsNoHandlers() {
        let handlerCalls = Counter()
        let source = ManualSource<Int, TestError>()
        let subscription = source.signal.subscribe(
            next: { _ in handlerCalls.increment() },
            error: { _ in handlerCalls.increment() },
            completed: { handlerCalls.increment() })
        subscription.dispose()
        #expect(handlerCalls.value == 0)
        #expect(source.disposals.value == 1)
        #expect(subscription.isDisposed)
    }

    @Test("G3: disposing twice is harmless and disposes the source once")
    func disposeTwice() {
        let source = ManualSource<Int, TestError>()
        let subscription = source.signal.subscribe()
        subscription.dispose()
        subscription.dispose()
        #expect(source.disposals.value == 1)
        #expect(subscription.isDisposed)
    }

    @Test("G3: disposing after completion does not dispose the source again")
    func disposeAfterCompletion() {
        let source = ManualSource<Int, TestError>()
        let subscription = source.signal.subscribe()
        source.sendCompleted()
        #expect(source.disposals.value == 1)
        subscription.dispose()
        #expect(source.disposals.value == 1)
    }

    @Test("G3: a subscription made in a disposed lifetime starts nothing, through any operator")
    func disposedLifetimeStartsNothing() {
        let source = ManualSource<Int, TestError>()
        let recorder = EventRecorder<Int, TestError>()
        for signal in [source.signal, source.signal.map { $0 + 1 }, source.signal.merge(with: .never)] {
            let lifetime = CompositeDisposable()
            lifetime.dispose()
            signal.subscribe(Observer { recorder.append($0) }, in: lifetime)
        }
        #expect(source.subscriptions.value == 0)
        #expect(recorder.events.isEmpty)
    }

    @Test("G3: the create body's subscriber reports itself disposed after disposal")
    func subscriberDisposed() {
        let source = ManualSource<Int, TestError>()
        let subscription = source.signal.subscribe()
        #expect(!source.subscriber.isDisposed)
        subscription.dispose()
        #expect(source.subscriber.isDisposed)
    }

    @Test("G3: disposing a bind disposes its source and every inner signal")
    func bindDisposesUpstream() {
        let source = ManualSource<Int, TestError>(label: "source")
        let innerA = ManualSource<Int, TestError>(label: "A")
        let innerB = ManualSource<Int, TestError>(label: "B")
        let recorder = source.signal.bind { { $0 == 0 ? .merge(innerA.signal) : .merge(innerB.signal) } }
            .record()
        source.sendNext(0)
        source.sendNext(1)
        innerA.sendNext(10)
        recorder.dispose()
        #expect(source.isDisposed && innerA.isDisposed && innerB.isDisposed)
        innerA.sendNext(11)
        innerB.sendNext(20)
        source.sendCompleted()
        innerA.sendCompleted()
        innerB.sendCompleted()
        #expect(recorder.events == [.next(10)])
    }

    @Test("G3: disposing a concat disposes the running part and never subscribes the rest")
    func concatDisposesCurrentPart() {
        let first = ManualSource<Int, TestError>(label: "first")
        let second = ManualSource<Int, TestError>(label: "second")
        let recorder = first.signal.concat(second.signal).record()
        first.sendNext(1)
        recorder.dispose()
        #expect(first.isDisposed)
        first.sendCompleted()
        #expect(second.subscriptions.value == 0)
        #expect(recorder.events == [.next(1)])
    }

    @Test("G3: disposing a concat during its second part disposes that part")
    func concatDisposesSecondPart() {
        let first = ManualSource<Int, TestError>(label: "first")
        let second = ManualSource<Int, TestError>(label: "second")
        let recorder = first.signal.concat(second.signal).record()
        first.sendCompleted()
        second.sendNext(2)
        recorder.dispose()
        #expect(second.isDisposed)
        second.sendNext(3)
        second.sendCompleted()
        #expect(recorder.events == [.next(2)])
    }

    @Test("G3: disposing a zip disposes both sides")
    func zipDisposesBothSides() {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<Int, TestError>(label: "right")
        let recorder = left.signal.zip(with: right.signal).record()
        left.sendNext(1)
        recorder.dispose()
        #expect(left.isDisposed && right.isDisposed)
        right.sendNext(2)
        #expect(recorder.events.isEmpty)
    }

    @Test("G3: disposing from inside the next handler drops the values queued behind it")
    func disposeFromHandler() {
        let source = ManualSource<Int, TestError>()
        let subscription = Locked<(any Disposable)?>(nil)
        let received = Locked<[Int]>([])
        subscription.value = source.signal.subscribe(next: { value in
            received.append(value)
            if value == 1 {
                // Re-entrant sends are queued behind the running handler ...
                source.sendNext(2)
                source.sendNext(3)
                // ... and disposal must drop them.
                subscription.value?.dispose()
            }
        })
        source.sendNext(1)
        source.sendNext(4)
        #expect(received.value == [1])
        #expect(source.isDisposed)
    }

    /// Subscribes to `signal` (built on `source`) with a handler capturing a token, disposes,
    /// and reports whether the token was alive before and released after disposal.
    private func tokenLifetime<Value>(
        of signal: Signal<Value, TestError>, end: (any Disposable) -> Void
    ) -> (aliveBefore: Bool, aliveAfter: Bool) {
        weak var weakToken: Token?
        var subscription: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            subscription = signal.subscribe(
                next: { _ in token.touch() },
                error: { _ in token.touch() },
                completed: { token.touch() })
        }
        let aliveBefore = weakToken != nil
        if let subscription { end(subscription) }
        return (aliveBefore, weakToken != nil)
    }

    @Test("G3: disposal releases the handlers of a create subscription")
    func releasesHandlersCreate() {
        let source = ManualSource<Int, TestError>()
        let result = tokenLifetime(of: source.signal) { $0.dispose() }
        #expect(result.aliveBefore)
        #expect(!result.aliveAfter)
        #expect(source.allSubscribers.count == 1)
    }

    @Test("G3: disposal releases the handlers of a bind subscription")
    func releasesHandlersBind() {
        let source = ManualSource<Int, TestError>(label: "source")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let signal = source.signal.bind { { _ in .merge(inner.signal) } }
        let result = tokenLifetime(of: signal) { subscription in
            source.sendNext(1)
            subscription.dispose()
        }
        #expect(result.aliveBefore)
        #expect(!result.aliveAfter)
    }

    @Test("G3: disposal releases the handlers of a concat subscription")
    func releasesHandlersConcat() {
        let first = ManualSource<Int, TestError>(label: "first")
        let second = ManualSource<Int, TestError>(label: "second")
        let signal = first.signal.concat(second.signal)
        let result = tokenLifetime(of: signal) { subscription in
            first.sendCompleted()
            subscription.dispose()
        }
        #expect(result.aliveBefore)
        #expect(!result.aliveAfter)
    }

    @Test("G3: disposal releases the handlers of a zip subscription")
    func releasesHandlersZip() {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<Int, TestError>(label: "right")
        let result = tokenLifetime(of: left.signal.zip(with: right.signal)) { $0.dispose() }
        #expect(result.aliveBefore)
        #expect(!result.aliveAfter)
    }

    @Test("G3: a terminal event also releases the handlers")
    func terminalReleasesHandlers() {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<Int, TestError>(label: "right")
        let signal = left.signal.zip(with: right.signal).bind { { .merge(.just($0.0)) } }
        let result = tokenLifetime(of: signal) { _ in left.sendCompleted() }
        #expect(result.aliveBefore)
        #expect(!result.aliveAfter)
    }

    @Test("G3: no delivery starts after dispose returns, even while another thread is sending")
    func disposeRacingWithSender() {
        // A sender thread keeps sending; the test thread disposes, then raises a flag. A handler
        // that starts after the flag was raised started after dispose() returned. The contract
        // allows one such handler per subscription: the delivery that had already begun when
        // dispose() was called (deliveries are serial, so there is at most one).
        var worstTrial = 0
        for _ in 0..<200 {
            let source = ManualSource<Int, TestError>()
            let disposeReturned = Flag()
            let late = Counter()
            let started = DispatchSemaphore(value: 0)
            let subscription = source.signal.subscribe(next: { value in
                if disposeReturned.isSet { late.increment() }
                if value == 0 { started.signal() }
            })
            let sender = source.subscriber
            let senderDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                var value = 0
                while !sender.isDisposed {
                    sender.sendNext(value)
                    value += 1
                }
                senderDone.signal()
            }
            started.wait()
            subscription.dispose()
            disposeReturned.set()
            senderDone.wait()
            worstTrial = max(worstTrial, late.value)
        }
        #expect(worstTrial <= 1)
    }

    @Test("G3: events queued behind a running handler are dropped when another thread disposes")
    func disposeDropsQueuedEvents() {
        let source = ManualSource<Int, TestError>()
        let inHandler = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let received = Locked<[Int]>([])
        let subscription = source.signal.subscribe(
            next: { value in
                received.append(value)
                if value == 1 {
                    inHandler.signal()
                    gate.wait()
                }
            },
            completed: { received.append(-1) })
        let subscriber = source.subscriber
        let deliveringDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            subscriber.sendNext(1)
            deliveringDone.signal()
        }
        inHandler.wait()
        // Thread A is inside the handler: these are queued for it to deliver.
        subscriber.sendNext(2)
        subscriber.sendCompleted()
        subscription.dispose()
        gate.signal()
        deliveringDone.wait()
        #expect(received.value == [1])
    }
}
