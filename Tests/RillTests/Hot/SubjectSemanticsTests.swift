import Rill
import RillTesting
import Testing

@Suite("Subjects: what late subscribers see")
struct SubjectLateSubscriberTests {
    @Test("a plain subject does not remember its end: a subscription after completion or failure waits")
    func plainSubjectForgetsTheEnd() {
        let completed = Subject<Int, TestError>()
        completed.sendNext(1)
        completed.sendCompleted()
        let afterCompletion = completed.signal.record()
        let failed = Subject<Int, TestError>()
        failed.sendError(.boom)
        let afterFailure = failed.signal.record()
        #expect(afterCompletion.events.isEmpty)
        #expect(afterFailure.events.isEmpty)
        afterCompletion.dispose()
        afterFailure.dispose()
    }

    @Test("a subject drops what is sent after its terminal event")
    func subjectKeepsTheGrammar() {
        let subject = Subject<Int, TestError>()
        let recorder = subject.signal.record()
        subject.sendCompleted()
        let late = subject.signal.record()
        subject.sendNext(1)
        subject.sendError(.boom)
        #expect(recorder.events == [.completed])
        #expect(late.events.isEmpty)
        late.dispose()
    }

    @Test("a replay subject replays every value, then completion, to a subscription made after the end")
    func replayAfterCompletion() {
        let subject = ReplaySubject<String, TestError>()
        subject.sendNext("blah")
        subject.sendNext("more blah")
        subject.sendCompleted()
        #expect(subject.signal.record().events == [.next("blah"), .next("more blah"), .completed])
    }

    @Test("a replay subject replays its values, then the failure")
    func replayAfterFailure() {
        let subject = ReplaySubject<Int, TestError>()
        subject.sendNext(1)
        subject.sendError(.boom)
        #expect(subject.signal.record().events == [.next(1), .error(.boom)])
    }

    @Test("a replay subject with capacity 1 sends only the last value, before and after completion")
    func capacityOne() {
        let subject = ReplaySubject<String, TestError>(capacity: 1)
        subject.sendNext("blah")
        subject.sendNext("more blah")
        #expect(subject.signal.record().values == ["more blah"])
        subject.sendCompleted()
        #expect(subject.signal.record().events == [.next("more blah"), .completed])
    }

    @Test("a replay subject with a capacity keeps the last values in order as it wraps around")
    func capacityWraps() {
        let subject = ReplaySubject<Int, Never>(capacity: 3)
        for value in 1...7 { subject.sendNext(value) }
        #expect(subject.signal.record().values == [5, 6, 7])
        subject.sendCompleted()
        let zero = ReplaySubject<Int, Never>(capacity: 0)
        zero.sendNext(1)
        zero.sendCompleted()
        #expect(zero.signal.record().events == [.completed])
    }

    @Test("a replay subject that completed without values sends only completion")
    func noValues() {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        subject.sendCompleted()
        #expect(subject.signal.record().events == [.completed])
    }

    @Test("a replay subject replays, then continues live, without a gap or a duplicate")
    func replayThenLive() {
        let subject = ReplaySubject<Int, Never>()
        subject.sendNext(1)
        let recorder = subject.signal.record()
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test(
        "a subscription made while a capacity-1 replay subject sends sees the latest value, as in ReactiveObjC"
    )
    func subscribeDuringSend() {
        let subject = ReplaySubject<Int, Never>(capacity: 1)
        let values = Locked<[Int]>([])
        let subscription = subject.signal.subscribe(next: { item in
            values.append(item)
            subject.signal.take(1).subscribe(next: { values.append($0) })
        })
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(values.value == [1, 1, 2, 2])
        subscription.dispose()
    }

    @Test("disposing a subscription stops the replay at once")
    func disposalStopsReplay() {
        let subject = ReplaySubject<Int, Never>()
        subject.sendNext(0)
        subject.sendNext(1)
        let recorder = subject.signal.take(1).record()
        #expect(recorder.events == [.next(0), .completed])
        // RAC's spec disposes the subscription from its handler; here the lifetime it runs in.
        let lifetime = CompositeDisposable()
        let values = Locked<[Int]>([])
        subject.signal.subscribe(
            Observer { event in
                if case .next(let value) = event { values.append(value) }
                lifetime.dispose()
            }, in: lifetime)
        #expect(values.value == [0])
    }

    @Test("a behavior subject sends its current value to each new subscription, then live values")
    func behaviorCurrentValue() {
        let subject = BehaviorSubject<Int, TestError>(0)
        let first = subject.signal.record()
        subject.sendNext(1)
        let second = subject.signal.record()
        subject.sendNext(2)
        #expect(first.values == [0, 1, 2])
        #expect(second.values == [1, 2])
        #expect(subject.value == 2)
        first.dispose()
        second.dispose()
    }

    @Test("a behavior subject does not remember its end, as in RAC: late subscribers get the value and wait")
    func behaviorAfterEnd() {
        let completed = BehaviorSubject<Int, TestError>(0)
        completed.sendNext(1)
        completed.sendCompleted()
        let afterCompletion = completed.signal.record()
        #expect(afterCompletion.events == [.next(1)])
        let failed = BehaviorSubject<Int, TestError>(5)
        failed.sendError(.boom)
        let afterFailure = failed.signal.record()
        #expect(afterFailure.events == [.next(5)])
        afterCompletion.dispose()
        afterFailure.dispose()
    }

    @Test("a subject sends to every subscription in the same order, also after a re-entrant send")
    func reentrantOrder() {
        let subject = Subject<Int, Never>()
        let first = Locked<[Int]>([])
        let second = Locked<[Int]>([])
        let firstSubscription = subject.signal.subscribe(next: { value in
            first.append(value)
            if value == 1 { subject.sendNext(2) }
        })
        let secondSubscription = subject.signal.subscribe(next: { second.append($0) })
        subject.sendNext(1)
        #expect(first.value == [1, 2])
        #expect(second.value == [1, 2])
        firstSubscription.dispose()
        secondSubscription.dispose()
    }
}

@Suite("Event receivers: subscribing subjects and subscribers to signals")
struct EventReceiverTests {
    @Test("signal.subscribe(subject) feeds the subject's subscribers")
    func subscribeSubject() {
        let subject = ReplaySubject<Int, Never>()
        Signal<Int, Never>.from([1, 2]).subscribe(subject)
        #expect(subject.signal.record().events == [.next(1), .next(2), .completed])
    }

    @Test("a subject terminates after the first terminal event from any feed and disposes every feed")
    func firstTerminalWins() {
        let first = Subject<String, TestError>()
        let second = Subject<String, TestError>()
        let third = ManualSource<String, TestError>()
        let subject = Subject<String, TestError>()
        let recorder = subject.signal.record()
        first.signal.subscribe(subject)
        second.signal.subscribe(subject)
        third.signal.subscribe(subject)
        first.sendNext("foo")
        second.sendNext("bar")
        first.sendCompleted()
        second.sendNext("baz")
        #expect(recorder.events == [.next("foo"), .next("bar"), .completed])
        #expect(third.isDisposed)
    }

    @Test("a subject that has terminated disposes a new feed at once, before the feed starts")
    func futureFeeds() {
        let subject = ReplaySubject<Int, Never>()
        subject.sendCompleted()
        let source = ManualSource<Int, Never>()
        let feed = source.signal.subscribe(subject)
        #expect(feed.isDisposed)
        #expect(source.subscriptions.value == 0)
    }

    @Test("a feed that ends on its own leaves the subject, which does not keep it")
    func finishedFeedIsReleased() {
        let subject = Subject<Int, Never>()
        weak var weakFeed: CompositeDisposable?
        do {
            let feed = Signal<Int, Never>.from([1]).subscribe(subject)
            weakFeed = feed as? CompositeDisposable
            #expect(weakFeed != nil)
        }
        #expect(weakFeed == nil)
    }

    @Test("disposing a feed stops it without ending the subject")
    func disposingAFeed() {
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.record()
        let source = ManualSource<Int, Never>()
        let feed = source.signal.subscribe(subject)
        source.sendNext(1)
        feed.dispose()
        source.sendNext(2)
        subject.sendNext(3)
        #expect(recorder.events == [.next(1), .next(3)])
        recorder.dispose()
    }

    @Test("a subscriber forwards another signal inside create, and ends its feeds when it ends")
    func subscriberInsideCreate() {
        let inner = ManualSource<Int, TestError>()
        let outer = Signal<Int, TestError>.create { subscriber in
            inner.signal.subscribe(subscriber)
            return nil
        }
        let recorder = outer.take(2).record()
        inner.sendNext(1)
        inner.sendNext(2)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(inner.isDisposed)
    }

    @Test("a subscriber made by hand calls its closures serially and ends with the first terminal event")
    func standaloneSubscriber() {
        let values = Locked<[String]>([])
        let completions = Counter()
        let subscriber = Subscriber<String, TestError>(
            next: { values.append($0) }, completed: { completions.increment() })
        let first = Subject<String, TestError>()
        let second = ManualSource<String, TestError>()
        first.signal.subscribe(subscriber)
        second.signal.subscribe(subscriber)
        first.sendNext("foo")
        second.sendNext("bar")
        second.sendCompleted()
        first.sendNext("baz")
        #expect(values.value == ["foo", "bar"])
        #expect(completions.value == 1)
        #expect(subscriber.isDisposed)
        let late = ManualSource<String, TestError>()
        #expect(late.signal.subscribe(subscriber).isDisposed)
        #expect(late.subscriptions.value == 0)
    }

    @Test("disposing a hand-made subscriber disposes every feed and calls nothing")
    func disposingASubscriber() {
        let calls = Counter()
        let subscriber = Subscriber<Int, Never>(next: { _ in calls.increment() })
        let source = ManualSource<Int, Never>()
        source.signal.subscribe(subscriber)
        subscriber.dispose()
        source.sendNext(1)
        #expect(source.isDisposed)
        #expect(calls.value == 0)
    }
}
