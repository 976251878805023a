import Rill
import RillTesting
import Testing

@Suite("MulticastConnection")
struct MulticastConnectionTests {
    @Test("connect subscribes to the source once, and only when called")
    func connectSubscribesOnce() {
        let source = ManualSource<Int, Never>()
        let connection = source.signal.publish()
        #expect(source.subscriptions.value == 0)
        let first = connection.connect()
        let second = connection.connect()
        #expect(source.subscriptions.value == 1)
        #expect(first === second)
        first.dispose()
    }

    @Test("connect never reconnects after the connection was disposed")
    func noReconnectAfterDisposal() {
        let source = ManualSource<Int, Never>()
        let connection = source.signal.publish()
        let first = connection.connect()
        first.dispose()
        #expect(source.isDisposed)
        let second = connection.connect()
        #expect(source.subscriptions.value == 1)
        #expect(first === second)
    }

    @Test("every subscriber of a published signal shares one subscription and sees the same events")
    func sharing() {
        let source = ManualSource<Int, TestError>()
        let connection = source.signal.publish()
        let first = connection.signal.record()
        let second = connection.signal.record()
        connection.connect()
        source.sendNext(1)
        let late = connection.signal.record()
        source.sendNext(2)
        source.sendError(.boom)
        #expect(source.subscriptions.value == 1)
        #expect(first.events == [.next(1), .next(2), .error(.boom)])
        #expect(second.events == first.events)
        #expect(late.events == [.next(2), .error(.boom)])
    }

    @Test("disposing the connection disconnects: subscribers receive nothing more, and no event")
    func disconnect() {
        let source = ManualSource<Int, Never>()
        let connection = source.signal.publish()
        let recorder = connection.signal.record()
        let running = connection.connect()
        source.sendNext(1)
        running.dispose()
        source.sendNext(2)
        #expect(recorder.events == [.next(1)])
        #expect(source.isDisposed)
        recorder.dispose()
    }

    @Test("concurrent connects subscribe once and all return the connection")
    func concurrentConnect() {
        let source = ManualSource<Int, Never>()
        let connection = source.signal.publish()
        let returned = Locked<[ObjectIdentifier]>([])
        onThreads(8) { _ in
            returned.append(ObjectIdentifier(connection.connect()))
        }
        #expect(source.subscriptions.value == 1)
        #expect(Set(returned.value).count == 1)
        connection.connect().dispose()
    }

    @Test("autoconnect subscribes on the first subscription only")
    func autoconnectOnFirstSubscription() {
        let source = ManualSource<Int, Never>()
        let signal = source.signal.publish().autoconnect()
        #expect(source.subscriptions.value == 0)
        let first = signal.subscribe()
        #expect(source.subscriptions.value == 1)
        let second = signal.subscribe()
        #expect(source.subscriptions.value == 1)
        first.dispose()
        second.dispose()
    }

    @Test("autoconnect disposes the source when its last subscription is disposed")
    func autoconnectDisconnectsAtZero() {
        let source = ManualSource<Int, Never>()
        let signal = source.signal.publish().autoconnect()
        let first = signal.subscribe()
        let second = signal.subscribe()
        first.dispose()
        #expect(!source.isDisposed)
        second.dispose()
        #expect(source.isDisposed)
    }

    @Test("autoconnect disconnects when its last subscription ends by a terminal event downstream")
    func autoconnectDisconnectsOnTake() {
        let source = ManualSource<Int, Never>()
        let recorder = source.signal.publish().autoconnect().take(1).record()
        source.sendNext(1)
        #expect(recorder.events == [.next(1), .completed])
        #expect(source.isDisposed)
    }

    @Test("autoconnect never reconnects, as in RAC")
    func autoconnectNoReconnect() {
        let source = ManualSource<Int, Never>()
        let signal = source.signal.publish().autoconnect()
        signal.subscribe().dispose()
        let again = signal.record()
        #expect(source.subscriptions.value == 1)
        #expect(again.events.isEmpty)
        again.dispose()
    }

    @Test("multicast onto a replay subject replays to subscribers after the disconnection")
    func replayAfterDisconnection() {
        let subject = Subject<Int, Never>()
        let signal = subject.signal.multicast(ReplaySubject()).autoconnect()
        let first = signal.record()
        subject.sendNext(1)
        subject.sendNext(2)
        first.dispose()
        #expect(first.values == [1, 2])
        let second = signal.record()
        #expect(second.values == [1, 2])
        second.dispose()
    }

    @Test("multicast onto a behavior subject gives every subscriber the current value")
    func behaviorMulticast() {
        let source = ManualSource<Int, Never>()
        let connection = source.signal.multicast(BehaviorSubject(0))
        connection.connect()
        source.sendNext(5)
        #expect(connection.signal.record().values == [5])
        source.sendCompleted()
    }

    @Test("multicast onto a subject known only as an existential shares through that subject")
    func existentialSubject() {
        let source = ManualSource<Int, Never>()
        let subject: any SubjectProtocol<Int, Never> = BehaviorSubject(0)
        let connection = source.signal.multicast(subject)
        let recorder = connection.signal.record()
        connection.connect()
        source.sendNext(1)
        #expect(recorder.values == [0, 1])
        #expect(subject.signal.record().values == [1])
        source.sendCompleted()
    }

    @Test("a published source that completes synchronously on connect reaches the subscribers made before")
    func synchronousSource() {
        let connection = Signal<Int, Never>.from([1, 2]).publish()
        let recorder = connection.signal.record()
        connection.connect()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }
}

@Suite("replay, replayLast, replayLazily")
struct ReplayOperatorTests {
    @Test("replay subscribes at once, and every subscription sees every value and the end")
    func replayIsEager() {
        let source = ManualSource<Int, Never>()
        let replayed = source.signal.replay()
        #expect(source.subscriptions.value == 1)
        source.sendNext(1)
        let first = replayed.record()
        source.sendNext(2)
        source.sendCompleted()
        #expect(first.events == [.next(1), .next(2), .completed])
        #expect(replayed.record().events == [.next(1), .next(2), .completed])
        #expect(source.subscriptions.value == 1)
    }

    @Test("replay never disposes the source, even when every subscription is disposed (RAC)")
    func replayNeverDisconnects() {
        let source = ManualSource<Int, Never>()
        let replayed = source.signal.replay()
        replayed.subscribe().dispose()
        #expect(!source.isDisposed)
        source.sendNext(1)
        #expect(replayed.record().values == [1])
        source.sendCompleted()
    }

    @Test("replayLast replays only the latest value")
    func replayLast() {
        let source = ManualSource<Int, TestError>()
        let replayed = source.signal.replayLast()
        source.sendNext(1)
        source.sendNext(2)
        #expect(replayed.record().values == [2])
        source.sendError(.boom)
        #expect(replayed.record().events == [.next(2), .error(.boom)])
    }

    @Test("replayLazily subscribes on the first subscription, once, and never disconnects")
    func replayLazily() {
        let source = ManualSource<Int, Never>()
        let replayed = source.signal.replayLazily()
        #expect(source.subscriptions.value == 0)
        let first = replayed.record()
        #expect(source.subscriptions.value == 1)
        source.sendNext(1)
        first.dispose()
        #expect(!source.isDisposed)
        source.sendNext(2)
        let second = replayed.record()
        #expect(second.values == [1, 2])
        #expect(source.subscriptions.value == 1)
        source.sendCompleted()
    }

    @Test("replayed signals have RAC's debug names")
    func names() {
        let source = Signal<Int, Never>.never.named("source")
        #expect(source.replay().name == "[source] -replay")
        #expect(source.replayLast().name == "[source] -replayLast")
        #expect(source.replayLazily().name == "[source] -replayLazily")
        #expect(source.publish().autoconnect().name.hasSuffix("-autoconnect"))
    }
}

@Suite("startLazily and startEagerly")
struct StartTests {
    @Test("startLazily runs its body once, on the scheduler, on the first subscription")
    func lazily() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let signal = Signal<Int, TestError>.startLazily(on: scheduler) { subscriber in
            runs.increment()
            #expect(Schedulers.current === scheduler)
            subscriber.sendNext(1)
            subscriber.sendCompleted()
        }
        scheduler.advance(by: 0)
        #expect(runs.value == 0)
        let first = signal.record()
        #expect(first.events.isEmpty)
        scheduler.advance(by: 0)
        let second = signal.record()
        scheduler.advance(by: 0)
        #expect(runs.value == 1)
        #expect(first.events == [.next(1), .completed])
        #expect(second.events == [.next(1), .completed])
    }

    @Test("startLazily replays a failure to every subscription")
    func lazilyFailure() {
        let signal = Signal<Int, TestError>.startLazily(on: ImmediateScheduler()) { $0.sendError(.boom) }
        #expect(signal.record().events == [.error(.boom)])
        #expect(signal.record().events == [.error(.boom)])
    }

    @Test("disposing a startLazily subscription before the scheduler runs it subscribes nothing")
    func lazilyDisposedEarly() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let signal = Signal<Int, Never>.startLazily(on: scheduler) { _ in runs.increment() }
        signal.subscribe().dispose()
        scheduler.advance(by: 0)
        #expect(runs.value == 0)
    }

    @Test("startEagerly runs its body once, on the scheduler, without a subscription")
    func eagerly() {
        let scheduler = TestScheduler()
        let runs = Counter()
        let body = Locked<Subscriber<Int, Never>?>(nil)
        let signal = Signal<Int, Never>.startEagerly(on: scheduler) { subscriber in
            runs.increment()
            body.value = subscriber
            subscriber.sendNext(7)
        }
        scheduler.advance(by: 0)
        #expect(runs.value == 1)
        let recorder = signal.record()
        scheduler.advance(by: 0)
        #expect(recorder.values == [7])
        #expect(runs.value == 1)
        body.value?.sendCompleted()
    }
}

@Suite("Subscription lifetimes")
struct SubscriptionLifetimeTests {
    @Test("a scoped disposable disposes its subscription when released")
    func scoped() {
        let source = ManualSource<Int, Never>()
        do {
            let scoped = source.signal.subscribe().scoped()
            #expect(!scoped.isDisposed)
        }
        #expect(source.isDisposed)
    }

    @Test("disposing a scoped disposable disposes the subscription at once")
    func scopedDispose() {
        let source = ManualSource<Int, Never>()
        let scoped = ScopedDisposable(source.signal.subscribe())
        scoped.dispose()
        #expect(source.isDisposed)
        #expect(scoped.isDisposed)
    }

    @Test("a dispose bag disposes every stored subscription when released")
    func bag() {
        let first = ManualSource<Int, Never>()
        let second = ManualSource<Int, Never>()
        do {
            let bag = DisposeBag()
            first.signal.subscribe().store(in: bag)
            second.signal.subscribe().store(in: bag)
            #expect(!first.isDisposed)
        }
        #expect(first.isDisposed)
        #expect(second.isDisposed)
    }

    @Test("a disposed bag disposes what is stored in it afterwards at once")
    func disposedBag() {
        let bag = DisposeBag()
        bag.dispose()
        let source = ManualSource<Int, Never>()
        source.signal.subscribe().store(in: bag)
        #expect(source.isDisposed)
    }
}

@Suite("publish as a building block")
struct PublishCompositionTests {
    /// RAC's `-switchToLatest`, composed from `publish` as RAC composes it: each inner signal is
    /// cut off by the next value of the shared outer signal.
    private func switchToLatest(
        _ outer: Signal<Signal<String, TestError>, TestError>
    ) -> Signal<String, TestError> {
        Signal(producer: { downstream, lifetime in
            let connection = outer.publish()
            connection.signal
                .flattenMap { inner in inner.take(untilTrigger: connection.signal.concat(.never)) }
                .subscribe(downstream, in: lifetime)
            lifetime.add(connection.connect())
        })
    }

    @Test(
        "subscribing to a published signal from inside its own delivery works as RAC's switchToLatest needs")
    func switchToLatestOnPublish() {
        let outer = ManualSource<Signal<String, TestError>, TestError>()
        let first = Subject<String, TestError>()
        let second = Subject<String, TestError>()
        let recorder = switchToLatest(outer.signal).record()
        outer.sendNext(first.signal)
        first.sendNext("a")
        outer.sendNext(second.signal)
        first.sendNext("dropped")
        second.sendNext("b")
        outer.sendCompleted()
        second.sendNext("c")
        second.sendCompleted()
        #expect(recorder.events == [.next("a"), .next("b"), .next("c"), .completed])
        #expect(outer.subscriptions.value == 1)
    }

    @Test("disposing the composition disconnects the published source")
    func disposal() {
        let outer = ManualSource<Signal<String, TestError>, TestError>()
        let recorder = switchToLatest(outer.signal).record()
        outer.sendNext(.never)
        recorder.dispose()
        #expect(outer.isDisposed)
    }
}
