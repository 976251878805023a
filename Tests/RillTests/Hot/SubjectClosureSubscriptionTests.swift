import Foundation
import Rill
import RillTesting
import Testing

/// `subscribe(next:error:completed:)` on a subject's or a property's signal makes the subject's
/// receiver the subscription, with no lifetime around it: the rules of every subscription hold
/// for it all the same.
@Suite("Subjects: subscriptions made with closures")
struct SubjectClosureSubscriptionTests {
    /// A weak reference that closures on any thread can read.
    private struct WeakToken: Sendable {
        weak var token: Token?
    }

    /// Subscribes to `signal` with closures that hold a token nothing else holds; returns the
    /// subscription and whether the closures are still alive.
    private func subscribeHoldingToken(
        _ signal: Signal<Int, Never>, _ received: Locked<[String]>
    ) -> (subscription: (any Disposable)?, closuresAreAlive: @Sendable () -> Bool) {
        let token = Token()
        let weak = WeakToken(token: token)
        let subscription = signal.subscribe(
            next: { value in
                token.touch()
                received.append("\(value)")
            },
            completed: { received.append("completed") })
        return (subscription, { weak.token != nil })
    }

    @Test("a completion or an error disposes the subscription before its closure runs (rule G2)")
    func terminalEventDisposesFirst() {
        let completing = Subject<Int, Never>()
        let failing = Subject<Int, TestError>()
        let subscriptions = Locked<[any Disposable]>([])
        let disposedWhenCalled = Locked<[Bool]>([])
        subscriptions.append(
            completing.signal.subscribe(completed: {
                disposedWhenCalled.append(subscriptions.value[0].isDisposed)
            }))
        subscriptions.append(
            failing.signal.subscribe(error: { _ in
                disposedWhenCalled.append(subscriptions.value[1].isDisposed)
            }))
        completing.sendCompleted()
        failing.sendError(.boom)
        #expect(disposedWhenCalled.value == [true, true])
    }

    @Test("after its end a subscription receives nothing, and its closures are released")
    func nothingAfterTheEnd() {
        let subject = BehaviorSubject<Int, Never>(0)
        let received = Locked<[String]>([])
        let (subscription, closuresAreAlive) = subscribeHoldingToken(subject.signal, received)
        subject.sendNext(1)
        subject.sendCompleted()
        subject.sendNext(2)
        #expect(received.value == ["0", "1", "completed"])
        #expect(!closuresAreAlive(), "the closures outlived the completion")
        #expect(subscription?.isDisposed == true)
    }

    @Test("a subscription to a subject that already ended replays what it remembers and ends")
    func lateSubscription() {
        let replay = ReplaySubject<Int, Never>(capacity: 2)
        for value in 1...3 { replay.sendNext(value) }
        replay.sendCompleted()
        let received = Locked<[String]>([])
        let subscription = replay.signal.subscribe(
            next: { received.append("\($0)") }, completed: { received.append("completed") })
        #expect(received.value == ["2", "3", "completed"])
        #expect(subscription.isDisposed)

        let plain = Subject<Int, Never>()
        plain.sendCompleted()
        let calls = Counter()
        let waiting = plain.signal.subscribe(
            next: { _ in calls.increment() }, completed: { calls.increment() })
        #expect(calls.value == 0)
        #expect(!waiting.isDisposed)
        waiting.dispose()
    }

    @Test("a subscription that is never disposed is released with the subject: its closures do not keep it")
    func releasedWithTheSubject() {
        var subject: Subject<Int, Never>? = Subject()
        let received = Locked<[String]>([])
        let closuresAreAlive = subject.map { subscribeHoldingToken($0.signal, received).closuresAreAlive }
        subject?.sendNext(1)
        #expect(closuresAreAlive?() == true)
        subject = nil
        #expect(received.value == ["1"])
        #expect(closuresAreAlive?() == false, "the subscription's closures outlived the subject")
    }

    @Test("the subscription counts as live until it is disposed")
    func counted() {
        let counter = LiveSubscriptionCounter()
        let subject = Subject<Int, Never>()
        let property = MutableProperty(0)
        let toSubject = counter.track { subject.signal.subscribe() }
        let toProperty = counter.track { property.signal.subscribe() }
        #expect(counter.count == 2)
        toSubject.dispose()
        #expect(counter.count == 1)
        subject.sendNext(1)
        property.value = 1
        #expect(counter.count == 1)
        toProperty.dispose()
        #expect(counter.count == 0)
    }

    @Test("a property that ends ends the subscriptions made with closures, and they no longer count")
    func endedByTheProperty() {
        let counter = LiveSubscriptionCounter()
        var property: MutableProperty<Int>? = MutableProperty(0)
        let completions = Counter()
        let subscription = counter.track {
            property?.signal.subscribe(completed: { completions.increment() })
        }
        #expect(counter.count == 1)
        property = nil
        #expect(completions.value == 1)
        #expect(counter.count == 0)
        #expect(subscription?.isDisposed == true)
    }

    /// Each behavior subject's replayed value subscribes to the next one from inside the closure,
    /// a recursion through subscriptions as deep as the subjects are many.
    final class NestedSubscriptions: Sendable {
        let subjects: [BehaviorSubject<Int, Never>]
        let received = Counter()
        let bag = DisposeBag()

        init(count: Int) {
            subjects = (0..<count).map { BehaviorSubject($0) }
        }

        func subscribe(from index: Int) {
            guard index < subjects.count else { return }
            subjects[index].signal.subscribe(next: { [self] _ in
                received.increment()
                subscribe(from: index + 1)
            }).store(in: bag)
        }
    }

    @Test(
        "subscriptions made inside each other's closures, a chain as long as a stack-depth check's, run on a 512 KiB thread"
    )
    func nestedSubscriptionsOnASmallStack() async {
        let depth = stackSafeChainDepth
        let nested = NestedSubscriptions(count: depth)
        await onSmallStack { nested.subscribe(from: 0) }
        #expect(nested.received.value == depth)
        nested.bag.dispose()
    }
}
