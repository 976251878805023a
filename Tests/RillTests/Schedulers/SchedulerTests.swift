import Dispatch
import Foundation
import Rill
import Synchronization
import Testing

/// Runs `body` on a plain new thread (not the main thread, not a dispatch queue) and waits.
private func onPlainThread(_ body: @escaping @Sendable () -> Void) {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.start()
    finished.wait()
}

/// Whether `scheduler` is the current scheduler.
private func isCurrent(_ scheduler: any Scheduler) -> Bool {
    Schedulers.current === scheduler
}

@Suite("Schedulers")
struct SchedulerTests {
    /// A bounded wait for actions that run on another queue: ten seconds from now.
    static var timeout: DispatchTime { HangGuard.deadline }

    @Test("Schedulers.current is nil on a plain background thread outside any action")
    func currentIsNilOnBackgroundThread() {
        let current = Locked<Bool?>(nil)
        onPlainThread { current.value = Schedulers.current == nil }
        #expect(current.value == true)
    }

    @Test("G9: ImmediateScheduler runs the action synchronously and leaves Schedulers.current as it was")
    func immediateRunsSynchronously() {
        let log = Locked<[String]>([])
        onPlainThread {
            let scheduler = ImmediateScheduler()
            let disposable = scheduler.schedule {
                log.append("action, current is nil: \(Schedulers.current == nil)")
            }
            log.append(
                "returned, current is nil: \(Schedulers.current == nil), disposable is nil: \(disposable == nil)"
            )
        }
        #expect(
            log.value == [
                "action, current is nil: true",
                "returned, current is nil: true, disposable is nil: true",
            ])
    }

    @Test("ImmediateScheduler runs an action dated in the past synchronously")
    func immediateScheduleAfterPastDate() {
        let ran = Flag()
        Schedulers.immediate.schedule(after: Date(timeIntervalSinceNow: -1)) { ran.set() }
        #expect(ran.isSet)
    }

    @Test(
        "G9: deliver(on: immediate) delivers each event before the send returns and leaves Schedulers.current as it was"
    )
    func deliverOnImmediateKeepsCurrent() {
        let log = Locked<[String]>([])
        onPlainThread {
            let outer = ImmediateScheduler()
            let subject = Subject<Int, Never>()
            let subscription = subject.signal.deliver(on: Schedulers.immediate).subscribe(
                next: { log.append("\($0), outer is current: \(isCurrent(outer))") },
                completed: { log.append("completed") })
            Schedulers.perform(on: outer) {
                subject.sendNext(1)
                log.append("sent 1")
            }
            subject.sendNext(2)
            subject.sendCompleted()
            subscription.dispose()
        }
        #expect(
            log.value == ["1, outer is current: true", "sent 1", "2, outer is current: false", "completed"])
    }

    @Test("Schedulers.perform nests and restores the previous current scheduler")
    func performNests() {
        let log = Locked<[Bool]>([])
        onPlainThread {
            let outer = ImmediateScheduler()
            let inner = ImmediateScheduler()
            Schedulers.perform(on: outer) {
                log.append(isCurrent(outer))
                Schedulers.perform(on: inner) {
                    log.append(isCurrent(inner))
                }
                log.append(isCurrent(outer))
            }
            log.append(Schedulers.current == nil)
        }
        #expect(log.value == [true, true, true, true])
    }

    @Test("QueueScheduler runs the action on its queue and sets Schedulers.current for it")
    func queueRunsOnQueue() {
        let queue = DispatchQueue(label: "rill.tests.queue")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "rill.tests.queue")
        let scheduler = QueueScheduler(queue: queue)
        let done = DispatchSemaphore(value: 0)
        let current = Locked<Bool?>(nil)
        let label = Locked<String?>(nil)
        scheduler.schedule {
            label.value = DispatchQueue.getSpecific(key: key)
            current.value = isCurrent(scheduler)
            done.signal()
        }
        #expect(done.wait(timeout: Self.timeout) == .success)
        #expect(label.value == "rill.tests.queue")
        #expect(current.value == true)
    }

    // Both wait asynchronously: a test that blocked its thread would hold one of the few threads
    // Dispatch's pool has on this machine, and the concurrent queue could no longer run two
    // actions at once.
    @Test("QueueScheduler on a concurrent queue runs its actions one at a time, in order")
    func queueIsSerialOnConcurrentQueue() async {
        let scheduler = QueueScheduler(
            queue: DispatchQueue(label: "rill.tests.concurrent", attributes: .concurrent))
        let secondStarted = Atomic<Bool>(false)
        let startedBesideFirst = Atomic<Bool>(false)
        let order = Locked<[Int]>([])
        let bothRan = Gate()
        scheduler.schedule {
            order.append(1)
            // Long enough for the concurrent queue itself to start the next action beside this one.
            let end = DispatchTime.now().uptimeNanoseconds + 500_000_000
            while DispatchTime.now().uptimeNanoseconds < end {
                if secondStarted.load(ordering: .acquiring) {
                    startedBesideFirst.store(true, ordering: .relaxed)
                    break
                }
            }
        }
        scheduler.schedule {
            secondStarted.store(true, ordering: .releasing)
            order.append(2)
            bothRan.open()
        }
        #expect(await bothRan.value())
        let overlapped = startedBesideFirst.load(ordering: .relaxed)
        #expect(!overlapped)
        #expect(order.value == [1, 2])
    }

    @Test("delay on a scheduler over a concurrent queue keeps the values in order")
    func delayOnConcurrentQueueKeepsOrder() async {
        let scheduler = QueueScheduler(queue: .global())
        let subject = Subject<Int, Never>()
        let received = Locked<[Int]>([])
        let done = Gate()
        let subscription = subject.signal.delay(0.001, on: scheduler).subscribe(
            next: { received.append($0) }, completed: { done.open() })
        for value in 0..<2_000 { subject.send(value) }
        subject.sendCompleted()
        #expect(await done.value())
        let inOrder = received.value == Array(0..<2_000)
        #expect(inOrder)
        subscription.dispose()
    }

    @Test("QueueScheduler does not run an action disposed before it started")
    func queueCancelBeforeRun() {
        let queue = DispatchQueue(label: "rill.tests.cancel")
        let scheduler = QueueScheduler(queue: queue)
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        let ran = Flag()
        let disposable = scheduler.schedule { ran.set() }
        disposable?.dispose()
        gate.signal()
        queue.sync {}
        #expect(disposable != nil)
        #expect(!ran.isSet)
    }

    @Test("QueueScheduler runs a delayed action after its date, and not at all if disposed first")
    func queueScheduleAfter() {
        let queue = DispatchQueue(label: "rill.tests.after")
        let scheduler = QueueScheduler(queue: queue)
        let cancelledRan = Flag()
        let start = Date()
        // Far enough ahead that the disposal comes first on a loaded machine, where this thread
        // may wait milliseconds for a core between two lines; the second action comes after it,
        // so that by then the first would have run.
        let cancelled = scheduler.schedule(after: start.addingTimeInterval(0.2)) { cancelledRan.set() }
        cancelled?.dispose()
        let done = DispatchSemaphore(value: 0)
        let ranAt = Locked<Date?>(nil)
        let current = Locked<Bool?>(nil)
        scheduler.schedule(after: start.addingTimeInterval(0.25)) {
            ranAt.value = Date()
            current.value = isCurrent(scheduler)
            done.signal()
        }
        #expect(done.wait(timeout: Self.timeout) == .success)
        queue.sync {}
        #expect(!cancelledRan.isSet)
        #expect(current.value == true)
        if let ranAt = ranAt.value {
            #expect(ranAt.timeIntervalSince(start) >= 0.249)
        }
    }

    @Test("A repeating QueueScheduler action repeats and stops once disposed")
    func queueRepeatingStopsOnDispose() {
        let queue = DispatchQueue(label: "rill.tests.repeat")
        let scheduler = QueueScheduler(queue: queue)
        let ticks = Counter()
        let threeTicks = DispatchSemaphore(value: 0)
        let current = Locked<Bool?>(nil)
        let repeating = scheduler.schedule(after: Date(), repeatingEvery: 0.001) {
            current.value = isCurrent(scheduler)
            if ticks.increment() == 3 { threeTicks.signal() }
        }
        #expect(threeTicks.wait(timeout: Self.timeout) == .success)
        repeating?.dispose()
        queue.sync {}
        let ticksAtDisposal = ticks.value
        // A later one-shot action on the same serial queue: by the time it runs, several more
        // timer intervals have passed, and a timer that was still running would have ticked.
        let later = DispatchSemaphore(value: 0)
        scheduler.schedule(afterDelay: 0.02) { later.signal() }
        #expect(later.wait(timeout: Self.timeout) == .success)
        #expect(ticksAtDisposal >= 3)
        #expect(ticks.value == ticksAtDisposal)
        #expect(current.value == true)
    }

    @Test("Signals created on a scheduler's queue deliver there")
    func signalOnQueue() {
        let queue = DispatchQueue(label: "rill.tests.signal")
        let scheduler = QueueScheduler(queue: queue)
        let done = DispatchSemaphore(value: 0)
        let currentInHandler = Locked<[Bool]>([])
        let signal = Signal<Int, TestError>.create { subscriber in
            let disposable = scheduler.schedule {
                subscriber.sendNext(1)
                subscriber.sendCompleted()
            }
            return disposable
        }
        signal.subscribe(
            next: { _ in currentInHandler.append(isCurrent(scheduler)) },
            completed: {
                currentInHandler.append(isCurrent(scheduler))
                done.signal()
            })
        #expect(done.wait(timeout: Self.timeout) == .success)
        #expect(currentInHandler.value == [true, true])
    }
}
