import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("subscribe(on:): the subscription's work on the scheduler, events where they are sent")
struct SubscribeOnTests {
    @Test("The signal's work runs on the scheduler's queue")
    func workRunsOnTheQueue() {
        let target = LabelledQueue("rill.test.subscribe")
        let log = Locked<[String]>([])
        let done = Gate()
        Signal<Int, Never>.create { subscriber in
            log.append("subscribed on target: \(target.isCurrent)")
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return nil
        }
        .subscribe(on: target.scheduler)
        .subscribe(
            next: { log.append("next \($0) on target: \(target.isCurrent)") },
            completed: {
                log.append("completed on target: \(target.isCurrent)")
                done.open()
            })
        #expect(done.wait())
        #expect(
            log.value == [
                "subscribed on target: true", "next 1 on target: true", "completed on target: true",
            ])
    }

    @Test("Events sent from another queue arrive there: they are not scheduled again")
    func eventsAreNotRescheduled() {
        let target = LabelledQueue("rill.test.subscribe")
        let sender = LabelledQueue("rill.test.sender")
        let log = Locked<[String]>([])
        let done = Gate()
        Signal<Int, Never>.create { subscriber in
            sender.queue.async {
                subscriber.sendNext(1)
                subscriber.sendCompleted()
            }
            return nil
        }
        .subscribe(on: target.scheduler)
        .subscribe(
            next: { _ in log.append("next on sender: \(sender.isCurrent), on target: \(target.isCurrent)") },
            completed: { done.open() })
        #expect(done.wait())
        #expect(log.value == ["next on sender: true, on target: false"])
    }

    @Test("Disposing before the scheduled subscription runs means the signal is never subscribed")
    func disposalBeforeTheActionCancelsIt() {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let disposable = Signal<Int, Never>.create { _ in
            _ = subscriptions.increment()
            return nil
        }
        .subscribe(on: scheduler)
        .subscribe()
        #expect(scheduler.queuedActionCount == 1)
        disposable.dispose()
        #expect(scheduler.queuedActionCount == 0)
        scheduler.run()
        #expect(subscriptions.value == 0)
    }

    @Test("Disposing after the subscription disposes the signal's own resources")
    func disposalReachesTheSignal() {
        let scheduler = TestScheduler()
        let resource = CountingDisposable()
        let disposable = Signal<Int, Never>.create { _ in resource }.subscribe(on: scheduler).subscribe()
        scheduler.run()
        #expect(resource.disposeCount == 0)
        disposable.dispose()
        #expect(resource.disposeCount == 1)
    }
}
