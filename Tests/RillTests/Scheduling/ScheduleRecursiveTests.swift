import Dispatch
import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

/// Runs a recursion of `count` steps on `scheduler` and returns how many ran once it stops.
private func recurse(_ count: Int, on scheduler: any Scheduler, finished: Gate? = nil) -> Counter {
    let steps = Counter()
    scheduler.scheduleRecursive { reschedule in
        if steps.increment() < count {
            reschedule()
        } else {
            finished?.open()
        }
    }
    return steps
}

@Suite("Scheduler.scheduleRecursive: RAC's recursive scheduling, stack-safe on every scheduler")
struct ScheduleRecursiveTests {
    static let depth = TestScale.scaled(1_000_000)

    /// A stack on which a recursion one frame per step would overflow long before a million.
    static let smallStack = 512 * 1024

    @Test("A million synchronous recursions on the immediate scheduler run on a 512 KiB stack")
    func immediateScheduler() async {
        let steps = Locked(0)
        let stack = await runOnSmallStack(bytes: Self.smallStack) {
            steps.value = recurse(Self.depth, on: ImmediateScheduler()).value
        }
        #expect(stack > 0 && stack <= 2 * Self.smallStack, "the worker thread's stack was \(stack) bytes")
        #expect(steps.value == Self.depth)
    }

    @Test("A million recursions on the test scheduler, each at the current virtual time, on a 512 KiB stack")
    func testScheduler() async {
        let scheduler = TestScheduler()
        let steps = recurse(Self.depth, on: scheduler)
        #expect(steps.value == 0)
        let stack = await runOnSmallStack(bytes: Self.smallStack) { scheduler.advance(by: 0) }
        #expect(stack > 0 && stack <= 2 * Self.smallStack, "the worker thread's stack was \(stack) bytes")
        #expect(steps.value == Self.depth)
        #expect(scheduler.queuedActionCount == 0)
        #expect(scheduler.elapsed == 0)
    }

    @Test("A hundred thousand recursions on a queue scheduler, each on the queue")
    func queueScheduler() {
        let target = LabelledQueue("rill.test.recursive")
        let offQueue = Counter()
        let steps = Counter()
        let finished = Gate()
        target.scheduler.scheduleRecursive { reschedule in
            if !target.isCurrent { _ = offQueue.increment() }
            if steps.increment() < 100_000 { reschedule() } else { finished.open() }
        }
        #expect(finished.wait())
        #expect(steps.value == 100_000)
        #expect(offQueue.value == 0)
    }

    @Test("Reschedules made during a run are scheduled after it returns, in order")
    func reschedulesDuringARunFollowIt() {
        let scheduler = TestScheduler()
        let log = Locked<[String]>([])
        let runs = Counter()
        scheduler.scheduleRecursive { reschedule in
            let run = runs.increment()
            log.append("run \(run) starts")
            if run == 1 {
                reschedule()
                reschedule()
            }
            log.append("run \(run) ends")
        }
        scheduler.run()
        #expect(
            log.value == [
                "run 1 starts", "run 1 ends", "run 2 starts", "run 2 ends", "run 3 starts", "run 3 ends",
            ])
    }

    @Test("A reschedule kept and called later schedules at once, at that time")
    func laterRescheduleSchedulesAtOnce() {
        let scheduler = TestScheduler()
        let saved = Locked<(@Sendable () -> Void)?>(nil)
        let log = ActionLogOnScheduler(scheduler)
        scheduler.scheduleRecursive { reschedule in
            log.append("run")
            saved.withLock { $0 = reschedule }
        }
        scheduler.run()
        scheduler.schedule(afterDelay: 5) { saved.value?() }
        scheduler.run()
        #expect(log.entries == ["run@0", "run@5"])
        saved.value = nil
    }

    @Test("Disposal stops the recursion and releases the action")
    func disposalStops() {
        final class Resource: Sendable {}
        let scheduler = TestScheduler()
        let steps = Counter()
        weak var weakResource: Resource?
        var disposable: (any Disposable)?
        do {
            let resource = Resource()
            weakResource = resource
            disposable = scheduler.scheduleRecursive { reschedule in
                withExtendedLifetime(resource) {}
                _ = steps.increment()
                reschedule()
            }
        }
        scheduler.step(3)
        #expect(steps.value == 3)
        disposable?.dispose()
        #expect(scheduler.queuedActionCount == 0)
        #expect(weakResource == nil)
        scheduler.run()
        #expect(steps.value == 3)
    }

    @Test("The recursion goes on when the caller drops the disposable")
    func continuesWithoutTheDisposable() {
        let scheduler = TestScheduler()
        let steps = recurse(10, on: scheduler)
        scheduler.run()
        #expect(steps.value == 10)
    }
}

/// `name@elapsed` entries stamped with a test scheduler's clock.
private final class ActionLogOnScheduler: Sendable {
    private let scheduler: TestScheduler
    private let log = Locked<[String]>([])

    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    func append(_ name: String) { log.append("\(name)@\(Int(scheduler.elapsed))") }

    var entries: [String] { log.value }
}
