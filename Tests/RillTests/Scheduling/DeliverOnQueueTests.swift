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
}
