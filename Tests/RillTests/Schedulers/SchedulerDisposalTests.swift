import Dispatch
import Foundation
import Rill
import Testing

/// Something a scheduled closure captures, to watch when the closure is released.
final class HeldObject: Sendable {
    func touch() {}
}

/// Disposing a scheduled action releases its closure at once (rule G3), and dates that dispatch
/// cannot express mean "never" rather than a crash.
@Suite("Scheduler disposal and far dates")
struct SchedulerDisposalTests {
    static var timeout: DispatchTime { HangGuard.deadline }

    /// A queue scheduler whose queue runs nothing until the test resumes it.
    static func suspendedScheduler() -> (QueueScheduler, DispatchQueue) {
        let queue = DispatchQueue(label: "rill.tests.suspended")
        queue.suspend()
        return (QueueScheduler(queue: queue), queue)
    }

    /// Schedules an action that captures a fresh object, disposes it, and reports whether the
    /// object was alive before disposal and after it.
    static func aliveAroundDisposal(_ schedule: (HeldObject) -> (any Disposable)?) -> (
        before: Bool, after: Bool
    ) {
        weak var weakObject: HeldObject?
        var scheduled: (any Disposable)?
        do {
            let object = HeldObject()
            weakObject = object
            scheduled = schedule(object)
        }
        let before = weakObject != nil
        scheduled?.dispose()
        return (before, weakObject != nil)
    }

    @Test("G3: a disposed action on a QueueScheduler releases its closure before the queue reaches it")
    func queueActionReleasedOnDisposal() {
        let (scheduler, queue) = Self.suspendedScheduler()
        let ran = Flag()
        let alive = Self.aliveAroundDisposal { object in
            scheduler.schedule {
                object.touch()
                ran.set()
            }
        }
        #expect(alive.before)
        #expect(!alive.after)
        queue.resume()
        queue.sync {}
        #expect(!ran.isSet)
    }

    @Test("G3: a disposed delayed action on a QueueScheduler releases its closure before its date")
    func delayedActionReleasedOnDisposal() {
        let alive = Self.aliveAroundDisposal { object in
            QueueScheduler().schedule(afterDelay: 3600) { object.touch() }
        }
        #expect(alive.before)
        #expect(!alive.after)
    }

    @Test("G3: a disposed repeating action on a QueueScheduler releases its closure at once")
    func repeatingActionReleasedOnDisposal() {
        let alive = Self.aliveAroundDisposal { object in
            QueueScheduler().schedule(after: Date(timeIntervalSinceNow: 3600), repeatingEvery: 3600) {
                object.touch()
            }
        }
        #expect(alive.before)
        #expect(!alive.after)
    }

    @Test("G3: Schedulers.background releases a disposed action's closure at once")
    func backgroundActionReleasedOnDisposal() {
        let alive = Self.aliveAroundDisposal { object in
            Schedulers.background.schedule(afterDelay: 3600) { object.touch() }
        }
        #expect(alive.before)
        #expect(!alive.after)
    }

    @Test("ImmediateScheduler keeps nothing once schedule returns")
    func immediateKeepsNothing() {
        weak var weakObject: HeldObject?
        let ran = Flag()
        var scheduled: (any Disposable)?
        do {
            let object = HeldObject()
            weakObject = object
            scheduled = Schedulers.immediate.schedule {
                object.touch()
                ran.set()
            }
        }
        #expect(ran.isSet)
        #expect(scheduled == nil)
        #expect(weakObject == nil)
    }

    @Test(
        "QueueScheduler: a date too far ahead for dispatch, or infinite, never runs and does not trap",
        arguments: [
            Date.distantFuture, Date(timeIntervalSinceNow: 1e300), Date(timeIntervalSinceNow: .infinity),
        ])
    func farDatesNeverRun(date: Date) {
        let scheduler = QueueScheduler()
        let ran = Flag()
        let scheduled = scheduler.schedule(after: date) { ran.set() }
        let repeating = scheduler.schedule(after: date, repeatingEvery: 1) { ran.set() }
        scheduler.queue.sync {}
        #expect(!ran.isSet)
        #expect(scheduled != nil && repeating != nil)
        scheduled?.dispose()
        repeating?.dispose()
    }

    @Test("QueueScheduler: an infinite period runs the action once; a huge leeway is shortened, not a trap")
    func infinitePeriodAndHugeLeeway() {
        let scheduler = QueueScheduler()
        let runs = Counter()
        let ran = DispatchSemaphore(value: 0)
        let once = scheduler.schedule(after: Date(), repeatingEvery: .infinity, withLeeway: 1e10) {
            runs.increment()
            ran.signal()
        }
        #expect(ran.wait(timeout: Self.timeout) == .success)
        scheduler.queue.sync {}
        #expect(runs.value == 1)
        once?.dispose()
    }

    @Test(
        "G9: inside an action of a background scheduler, a block run through immediate still sees that scheduler"
    )
    func immediateKeepsTheCurrentScheduler() {
        let background = QueueScheduler(name: "rill.tests.background")
        let seen = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        background.schedule {
            Schedulers.immediate.schedule {
                seen.append(Schedulers.current === background)
            }
            seen.append(Schedulers.current === background)
            done.signal()
        }
        #expect(done.wait(timeout: Self.timeout) == .success)
        #expect(seen.value == [true, true])
    }

    @Test(
        "G9: delay without a scheduler, inside immediate inside a background action, does not block the thread"
    )
    func delayInsideImmediateDoesNotBlock() {
        let background = QueueScheduler(name: "rill.tests.background")
        let order = Locked<[String]>([])
        let delivered = DispatchSemaphore(value: 0)
        background.schedule {
            Schedulers.immediate.schedule {
                Signal<String, Never>.just("value").delay(0.05).subscribe(next: { value in
                    order.append("\(value) on background: \(Schedulers.current === background)")
                    delivered.signal()
                })
                order.append("subscribed")
            }
        }
        #expect(delivered.wait(timeout: Self.timeout) == .success)
        #expect(order.value == ["subscribed", "value on background: true"])
    }
}
