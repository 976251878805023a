import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("deliver(on:) a queue: a burst rides along with the delivery already waiting")
struct DeliverOnQueueTests {
    @Test("events that arrive while a delivery waits are delivered by it, before work queued in between")
    func burstRidesAlong() {
        let queue = DispatchQueue(label: "rill.test.burst")
        let blocker = DispatchSemaphore(value: 0)
        let log = Locked<[String]>([])
        let done = Gate()
        queue.async { blocker.wait() }
        let subject = Subject<Int, Never>()
        let subscription = subject.signal.deliver(on: QueueScheduler(queue: queue)).subscribe(
            next: { log.append("\($0)") }, completed: { done.open() })
        subject.sendNext(1)
        queue.async { log.append("other") }
        subject.sendNext(2)
        subject.sendCompleted()
        blocker.signal()
        #expect(done.wait())
        queue.sync {}
        #expect(log.value == ["1", "2", "other"])
        subscription.dispose()
    }

    @Test("disposal releases the events still waiting at once, and none is delivered")
    func disposalReleasesTheWaitingBurst() {
        final class Payload: Sendable {}
        let queue = DispatchQueue(label: "rill.test.burst-disposal")
        let blocker = DispatchSemaphore(value: 0)
        queue.async { blocker.wait() }
        let subject = Subject<Payload, Never>()
        let delivered = Counter()
        let subscription = subject.signal.deliver(on: QueueScheduler(queue: queue)).subscribe(
            next: { _ in delivered.increment() })
        weak var first: Payload?
        weak var second: Payload?
        do {
            let one = Payload()
            let two = Payload()
            first = one
            second = two
            subject.sendNext(one)
            subject.sendNext(two)
        }
        #expect(first != nil && second != nil)
        subscription.dispose()
        #expect(first == nil && second == nil)
        blocker.signal()
        queue.sync {}
        #expect(delivered.value == 0)
    }

    /// The queues a delivery runs on: a serial queue, and a concurrent one, where the action
    /// that gives up and the one scheduled after it may overlap.
    static let queues: [(label: String, make: @Sendable () -> DispatchQueue)] = [
        ("serial", { DispatchQueue(label: "rill.test.segments") }),
        ("concurrent", { DispatchQueue(label: "rill.test.segments", attributes: .concurrent) }),
    ]

    @Test(
        "values sent from another thread arrive all, in order, across many segments of the queue",
        arguments: queues.map(\.label))
    func manyValuesFromAnotherThread(queueKind: String) {
        let queue = Self.queues.first { $0.label == queueKind }!.make()
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let done = Gate()
        let subscription = subject.signal.deliver(on: QueueScheduler(queue: queue)).subscribe(
            next: { value in received.append(value) }, completed: { done.open() })
        let count = 4_000
        let sender = Thread {
            for value in 0..<count { subject.sendNext(value) }
            subject.sendCompleted()
        }
        sender.start()
        #expect(done.wait())
        #expect(received.value == Array(0..<count))
        subscription.dispose()
    }

    @Test("disposal from the handler stops the delivery there and releases every event still queued")
    func disposalFromTheHandler() {
        let queue = DispatchQueue(label: "rill.test.dispose-in-handler")
        let blocker = DispatchSemaphore(value: 0)
        queue.async { blocker.wait() }
        let live = Counter()
        let delivered = Counter()
        let subject = Subject<LivePayload, Never>()
        let subscription = SerialDisposable()
        subscription.inner = subject.signal.deliver(on: QueueScheduler(queue: queue)).subscribe(
            next: { _ in
                if delivered.increment() == 300 { subscription.dispose() }
            })
        // More than two segments' worth, all queued before the action runs.
        for _ in 0..<1_000 { subject.sendNext(LivePayload(live)) }
        #expect(live.value == 1_000)
        blocker.signal()
        queue.sync {}
        #expect(delivered.value == 300)
        #expect(live.value == 0)
    }

    @Test(
        "disposal from another thread while the queue drains: at most the event in hand after it, and every event released"
    )
    func disposalWhileDraining() {
        let queue = DispatchQueue(label: "rill.test.dispose-while-draining")
        let live = Counter()
        let delivered = Counter()
        let started = Gate()
        let subject = Subject<LivePayload, Never>()
        let subscription = subject.signal.deliver(on: QueueScheduler(queue: queue)).subscribe(
            next: { _ in
                if delivered.increment() == 100 { started.open() }
            })
        let sent = Gate()
        let sender = Thread {
            for _ in 0..<10_000 { subject.sendNext(LivePayload(live)) }
            sent.open()
        }
        sender.start()
        #expect(started.wait())
        subscription.dispose()
        let atDisposal = delivered.value
        queue.sync {}
        #expect(delivered.value <= atDisposal + 1)
        // The sender may still be sending; what it sends after the disposal is not kept either.
        #expect(sent.wait())
        queue.sync {}
        #expect(live.value == 0)
    }
}

/// A value that counts the instances alive, to see that a queue releases what it held.
private final class LivePayload: Sendable {
    let live: Counter

    init(_ live: Counter) {
        self.live = live
        live.increment()
    }

    deinit { live.decrement() }
}
