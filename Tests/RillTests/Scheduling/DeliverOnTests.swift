import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("deliver(on:): every event from the scheduler, the work where it was")
struct DeliverOnTests {
    @Test("Values, the failure and the completion each arrive on the scheduler's queue")
    func everyEventArrivesOnTheQueue() {
        let target = LabelledQueue("rill.test.deliver")
        let source = LabelledQueue("rill.test.source")
        let log = Locked<[String]>([])
        let done = Gate()
        let signal = Signal<Int, TestError>.create { subscriber in
            source.queue.async {
                subscriber.sendNext(1)
                subscriber.sendNext(2)
                subscriber.sendError(.boom)
            }
            return nil
        }
        signal.deliver(on: target.scheduler).subscribe(
            next: { log.append("next \($0) on target: \(target.isCurrent)") },
            error: { failure in
                log.append("error \(failure) on target: \(target.isCurrent)")
                done.open()
            })
        #expect(done.wait())
        #expect(
            log.value == ["next 1 on target: true", "next 2 on target: true", "error boom on target: true"])
    }

    @Test("The completion arrives on the queue too, after every value")
    func completionArrivesOnTheQueue() {
        let target = LabelledQueue("rill.test.deliver")
        let log = Locked<[String]>([])
        let done = Gate()
        Signal<Int, Never>.from(1...3).deliver(on: target.scheduler).subscribe(
            next: { log.append("\($0):\(target.isCurrent)") },
            completed: {
                log.append("completed:\(target.isCurrent)")
                done.open()
            })
        #expect(done.wait())
        #expect(log.value == ["1:true", "2:true", "3:true", "completed:true"])
    }

    @Test("Side effects stay on the thread that subscribes; only delivery moves")
    func sideEffectsStayWhereTheyAre() {
        let target = LabelledQueue("rill.test.deliver")
        let effects = Locked<[Bool]>([])
        let done = Gate()
        Signal<Int, Never>.from(1...3)
            .map { value in
                effects.append(target.isCurrent)
                return value
            }
            .deliver(on: target.scheduler)
            .subscribe(completed: { done.open() })
        #expect(done.wait())
        #expect(effects.value == [false, false, false])
    }

    @Test("A burst from several threads arrives serially and, per thread, in order")
    func burstArrivesSeriallyInOrder() {
        let target = LabelledQueue("rill.test.deliver")
        let subject = Subject<Int, Never>()
        let overlap = OverlapDetector()
        let received = Locked<[Int]>([])
        let done = Gate()
        subject.signal.deliver(on: target.scheduler).subscribe(
            next: { value in
                overlap.enter()
                received.append(value)
                overlap.leave()
            },
            completed: { done.open() })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<500 { subject.sendNext(thread * 1_000 + index) }
        }
        subject.sendCompleted()
        #expect(done.wait())
        #expect(overlap.overlapCount == 0)
        let values = received.value
        #expect(values.count == 2_000)
        for thread in 0..<4 {
            let mine = values.filter { $0 / 1_000 == thread }
            #expect(mine == (0..<500).map { thread * 1_000 + $0 })
        }
    }

    @Test("Disposal cancels the events still waiting and releases them at once")
    func disposalCancelsWaitingEvents() {
        final class Payload: Sendable {}
        let scheduler = TestScheduler()
        let recorder = EventRecorder<Payload, Never>(clock: scheduler)
        weak var weakPayload: Payload?
        do {
            let payload = Payload()
            weakPayload = payload
            recorder.subscribe(to: Signal<Payload, Never>.just(payload).deliver(on: scheduler))
        }
        #expect(scheduler.queuedActionCount == 2)
        #expect(weakPayload != nil)
        recorder.dispose()
        #expect(scheduler.queuedActionCount == 0)
        #expect(weakPayload == nil)
        scheduler.run()
        #expect(recorder.events.isEmpty)
    }

    @Test("On the virtual clock every event is its own action, after those already queued")
    func eachEventIsItsOwnAction() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        scheduler.schedule {
            Signal<String, Never>.from(["a", "b"]).deliver(on: scheduler).subscribe(
                next: { log.append($0) }, completed: { log.append("|") })
            scheduler.schedule { log.append("queued after the values") }
        }
        scheduler.step()
        #expect(log.value.isEmpty)
        scheduler.step()
        #expect(log.value == ["a"])
        scheduler.run()
        #expect(log.value == ["a", "b", "|", "queued after the values"])
    }
}
