import Rill
import RillTesting
import Testing

@Suite("Subjects: one sender at a time, and subscriptions that come and go")
struct SubjectDeliveryOrderTests {
    @Test(
        "G7: a send from inside a handler reaches every subscription after the event in hand has reached all")
    func reentrantSendFollowsTheEventInHand() {
        let subject = Subject<Int, Never>()
        let log = Locked<[String]>([])
        let first = subject.signal.subscribe(next: { value in
            log.append("first \(value)")
            if value == 1 { subject.sendNext(2) }
        })
        let second = subject.signal.subscribe(next: { log.append("second \($0)") })
        subject.sendNext(1)
        #expect(log.value == ["first 1", "second 1", "first 2", "second 2"])
        first.dispose()
        second.dispose()
    }

    @Test("a subscription made inside a handler gets the events sent after it, not the one in hand")
    func subscriptionFromAHandlerStartsAfterTheEventInHand() {
        let subject = Subject<Int, Never>()
        let late = Locked<[Int]>([])
        let lateSubscription = Locked<(any Disposable)?>(nil)
        let subscription = subject.signal.subscribe(next: { value in
            if value == 1 {
                lateSubscription.value = subject.signal.subscribe(next: { late.append($0) })
            }
        })
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(late.value == [2])
        subscription.dispose()
        lateSubscription.value?.dispose()
    }

    @Test("a behavior subject subscribed inside its own handler replays the current value at once")
    func behaviorSubjectReplaysInsideAHandler() {
        let subject = BehaviorSubject<Int, Never>(0)
        let replayed = Locked<[Int]>([])
        let inner = Locked<(any Disposable)?>(nil)
        let subscription = subject.signal.subscribe(next: { value in
            guard value == 1 else { return }
            inner.value = subject.signal.subscribe(next: { replayed.append($0) })
            // The replay was delivered synchronously, before the subscribe call returned.
            #expect(replayed.value == [1])
        })
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(replayed.value == [1, 2])
        subscription.dispose()
        inner.value?.dispose()
    }

    @Test("a subscription disposed by another's handler during a send receives nothing more")
    func disposalDuringASend() {
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let victim = Locked<(any Disposable)?>(nil)
        let killer = subject.signal.subscribe(next: { _ in victim.value?.dispose() })
        victim.value = subject.signal.subscribe(next: { received.append($0) })
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(received.value.isEmpty)
        killer.dispose()
    }

    @Test(
        "10,000 subscriptions made and disposed beside a live one: it sees every value, and each observer is released"
    )
    func churnBesideALiveSubscription() {
        final class Witness: Sendable {}
        let subject = Subject<Int, Never>()
        let live = Locked<[Int]>([])
        let subscription = subject.signal.subscribe(next: { live.append($0) })
        var released = 0
        for value in 0..<10_000 {
            weak var weakWitness: Witness?
            do {
                let witness = Witness()
                weakWitness = witness
                let churned = subject.signal.subscribe(next: { _ in _ = witness })
                if value % 2 == 0 { subject.sendNext(value) }
                churned.dispose()
            }
            if weakWitness == nil { released += 1 }
        }
        #expect(live.value == Array(stride(from: 0, to: 10_000, by: 2)))
        #expect(released == 10_000)
        subscription.dispose()
    }

    @Test(
        "100 subscriptions made and 50 disposed inside one handler, while the send reads the list: the event in hand reaches the first ones only, the next reaches every live one"
    )
    func listChangedWhileItIsRead() {
        let subject = Subject<Int, Never>()
        let received = Locked<[Int: [Int]]>([:])
        let made = Locked<[any Disposable]>([])
        @Sendable func subscribe(_ id: Int) -> any Disposable {
            subject.signal.subscribe(next: { value in
                received.withLock { $0[id, default: []].append(value) }
            })
        }
        let first = subject.signal.subscribe(next: { value in
            guard value == 1 else { return }
            // Enough to outgrow the list and to make it prune, twice over.
            for id in 1...100 { made.withLock { $0.append(subscribe(id)) } }
            made.withLock { subscriptions in
                for index in stride(from: 0, to: 100, by: 2) { subscriptions[index].dispose() }
            }
        })
        let second = subscribe(0)
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        let expected = [0: [1, 2]].merging((1...100).filter { $0 % 2 == 0 }.map { ($0, [2]) }) { $1 }
        #expect(received.value == expected)
        first.dispose()
        second.dispose()
    }

    @Test(
        "a property's observer that subscribes to it on each change: every subscription gets the current value, then each change after it"
    )
    func propertySubscribedFromItsOwnObserver() {
        let property = MutableProperty(0)
        let received = Locked<[[Int]]>([])
        let made = Locked<[any Disposable]>([])
        let first = property.signal.subscribe(next: { value in
            guard value > 0, value <= 20 else { return }
            let index = received.withLock { received in
                received.append([])
                return received.count - 1
            }
            made.withLock {
                $0.append(
                    property.signal.subscribe(next: { value in received.withLock { $0[index].append(value) } }
                    ))
            }
        })
        for value in 1...30 { property.value = value }
        #expect(received.value.count == 20)
        for (index, values) in received.value.enumerated() {
            #expect(values == Array((index + 1)...30), "subscription \(index)")
        }
        first.dispose()
        for subscription in made.value { subscription.dispose() }
    }
}
