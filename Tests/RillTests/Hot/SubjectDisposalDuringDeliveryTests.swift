import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

/// A subject calls a caught-up subscription without taking the subscription's own token, so a
/// subscription disposed while the subject is delivering must leave its observer alive for as
/// long as the observer may be running, and have it released before the send returns.
@Suite("Subjects: disposal while a value is being delivered")
struct SubjectDisposalDuringDeliveryTests {
    /// A weak reference that closures on any thread can read.
    private struct WeakToken: Sendable {
        weak var token: Token?
    }

    /// The two ways a subscription to a subject is made: with closures, where the subject's
    /// receiver is the subscription, and with an observer in a lifetime, as operators subscribe.
    enum Subscribing: String, CaseIterable, CustomTestStringConvertible {
        case withClosures = "with closures"
        case inALifetime = "in a lifetime"

        var testDescription: String { rawValue }
    }

    /// Subscribes `next` and `completed` to a subject's `signal` with a token only the observer
    /// holds, and returns the subscription and whether the observer is still alive.
    private func subscribeHoldingToken(
        to signal: Signal<Int, Never>, _ subscribing: Subscribing,
        next: @escaping @Sendable (Int) -> Void, completed: @escaping @Sendable () -> Void = {}
    ) -> (subscription: any Disposable, observerIsAlive: @Sendable () -> Bool) {
        let token = Token()
        let weak = WeakToken(token: token)
        let receive: @Sendable (Int) -> Void = { value in
            token.touch()
            next(value)
        }
        switch subscribing {
        case .withClosures:
            return (signal.subscribe(next: receive, completed: completed), { weak.token != nil })
        case .inALifetime:
            let lifetime = CompositeDisposable()
            signal.subscribe(Observer(next: receive, error: { _ in }, completed: completed), in: lifetime)
            return (lifetime, { weak.token != nil })
        }
    }

    @Test(
        "disposed on another thread while its observer runs: the observer stays alive until it returns, and is released before the send returns",
        arguments: Subscribing.allCases)
    func disposedFromAnotherThreadWhileRunning(subscribing: Subscribing) {
        let subject = Subject<Int, Never>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let received = Locked<[Int]>([])
        let (subscription, observerIsAlive) = subscribeHoldingToken(to: subject.signal, subscribing) {
            value in
            received.append(value)
            if value == 1 {
                entered.signal()
                proceed.wait()
            }
        }
        let sent = DispatchSemaphore(value: 0)
        Thread {
            subject.sendNext(1)
            sent.signal()
        }.start()
        #expect(entered.wait(timeout: HangGuard.deadline) == .success)
        subscription.dispose()
        #expect(observerIsAlive(), "the observer was released while it was running")
        proceed.signal()
        #expect(sent.wait(timeout: HangGuard.deadline) == .success)
        #expect(!observerIsAlive(), "the observer outlived the send that was delivering to it")
        subject.sendNext(2)
        #expect(received.value == [1])
    }

    @Test(
        "disposed by the observer of another subscription: it receives nothing more, not even the value in hand, and is released before the send returns",
        arguments: Subscribing.allCases)
    func disposedByAnotherObserver(subscribing: Subscribing) {
        let subject = Subject<Int, Never>()
        let second = Locked<[Int]>([])
        let later = SerialDisposable()
        let first = subject.signal.subscribe(next: { value in
            if value == 2 { later.dispose() }
        })
        let (subscription, observerIsAlive) = subscribeHoldingToken(to: subject.signal, subscribing) {
            second.append($0)
        }
        later.inner = subscription
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(!observerIsAlive())
        subject.sendNext(3)
        #expect(second.value == [1])
        first.dispose()
    }

    @Test(
        "disposed by its own observer: released before the send returns, and called no more",
        arguments: Subscribing.allCases)
    func disposedByItsOwnObserver(subscribing: Subscribing) {
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let own = SerialDisposable()
        let (subscription, observerIsAlive) = subscribeHoldingToken(to: subject.signal, subscribing) {
            value in
            received.append(value)
            if value == 1 { own.dispose() }
        }
        own.inner = subscription
        subject.sendNext(1)
        #expect(!observerIsAlive())
        subject.sendNext(2)
        #expect(received.value == [1])
    }

    @Test(
        "a subscription disposed while no value is being sent releases its observer at once",
        arguments: Subscribing.allCases)
    func disposedWhileIdle(subscribing: Subscribing) {
        let subject = Subject<Int, Never>()
        let (subscription, observerIsAlive) = subscribeHoldingToken(to: subject.signal, subscribing) { _ in }
        subject.sendNext(1)
        subscription.dispose()
        #expect(!observerIsAlive())
    }

    @Test(
        "subscriptions made on 4 threads while 4 threads send, and disposed once values arrive: each is called serially, and every observer is released",
        arguments: Subscribing.allCases)
    func churnWhileSending(subscribing: Subscribing) {
        let subject = Subject<Int, Never>()
        let overlaps = Counter()
        let observersAlive = Locked<[@Sendable () -> Bool]>([])
        let churned = Flag()
        // The senders and the subscribers run on threads of their own: a subscriber waits for a
        // value without a timeout, so the senders must not wait for a Dispatch thread.
        let senders = DispatchGroup()
        for sender in 0..<4 {
            senders.enter()
            Thread {
                var index = 0
                while !churned.isSet || index < 1_000 {
                    subject.sendNext(sender)
                    index += 1
                }
                senders.leave()
            }.start()
        }
        onThreads(4) { _ in
            for _ in 0..<2_000 {
                let detector = OverlapDetector()
                let received = Flag()
                let (subscription, observerIsAlive) = subscribeHoldingToken(to: subject.signal, subscribing) {
                    _ in
                    detector.enter()
                    received.set()
                    detector.leave()
                }
                // Disposed while values arrive, often while one is being delivered.
                while !received.isSet {}
                subscription.dispose()
                observersAlive.append(observerIsAlive)
                if detector.overlapCount > 0 { overlaps.increment() }
            }
        }
        churned.set()
        #expect(senders.wait(timeout: HangGuard.deadline) == .success)
        #expect(overlaps.value == 0)
        #expect(observersAlive.value.count == 8_000)
        #expect(observersAlive.value.allSatisfy { !$0() })
    }

    @Test(
        "disposed on another thread while it replays, while values are queued for it and while the subject completes: its observer is released, and it receives values in order and the end at most once",
        arguments: Subscribing.allCases)
    func disposedWhileReplayingOrCompleting(subscribing: Subscribing) {
        for round in 0..<500 {
            // Unbounded, so that whatever was sent before the subscription is replayed from 0.
            let subject = ReplaySubject<Int, Never>()
            for value in 0..<16 { subject.sendNext(value) }
            let received = Locked<[Int]>([])
            let completions = Counter()
            let firstValue = DispatchSemaphore(value: 0)
            let sent = DispatchSemaphore(value: 0)
            // The sender runs beside the replay, so its values may queue behind it; every other
            // round it completes at once, racing the disposal.
            Thread {
                for value in 16..<(round.isMultiple(of: 2) ? 64 : 17) { subject.sendNext(value) }
                subject.sendCompleted()
                sent.signal()
            }.start()
            let (subscription, observerIsAlive) = subscribeHoldingToken(
                to: subject.signal, subscribing,
                next: { value in
                    received.append(value)
                    if value == 0 { firstValue.signal() }
                },
                completed: { completions.increment() })
            #expect(firstValue.wait(timeout: HangGuard.deadline) == .success)
            let disposed = DispatchSemaphore(value: 0)
            Thread {
                subscription.dispose()
                disposed.signal()
            }.start()
            #expect(disposed.wait(timeout: HangGuard.deadline) == .success)
            #expect(sent.wait(timeout: HangGuard.deadline) == .success)
            #expect(!observerIsAlive(), "round \(round): the observer outlived the disposal and the end")
            #expect(received.value == Array(0..<received.value.count), "round \(round)")
            #expect(completions.value <= 1)
        }
    }
}
