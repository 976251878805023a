import Dispatch
import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

/// A scheduler over a `TestScheduler` clock that counts the disposables it handed out and that
/// are still alive: an operator that keeps one per value forever shows up here.
final class DisposableCountingScheduler: Scheduler {
    let base: TestScheduler
    /// How many returned disposables have not been deinitialized.
    let alive = Counter()

    init(_ base: TestScheduler) {
        self.base = base
    }

    var now: Date { base.now }

    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        CountedDisposable(base.schedule(action), alive: alive)
    }

    @discardableResult
    func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        CountedDisposable(base.schedule(after: date, action), alive: alive)
    }

    @discardableResult
    func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        CountedDisposable(
            base.schedule(after: date, repeatingEvery: interval, withLeeway: leeway, action), alive: alive)
    }
}

final class CountedDisposable: Disposable {
    private let inner: (any Disposable)?
    private let alive: Counter

    init(_ inner: (any Disposable)?, alive: Counter) {
        self.inner = inner
        self.alive = alive
        alive.increment()
    }

    deinit { alive.decrement() }

    var isDisposed: Bool { inner?.isDisposed ?? false }
    func dispose() { inner?.dispose() }
}

/// A scheduler whose due actions the test takes out and runs when it chooses, like a queue
/// that has already dequeued a timer's block when the timer is replaced.
final class HandOutScheduler: Scheduler {
    private struct Entry: Sendable {
        let id: Int
        let date: Date
        let action: @Sendable () -> Void
    }

    private struct State: Sendable {
        var now = Date(timeIntervalSinceReferenceDate: 0)
        var entries: [Entry] = []
        var nextID = 0
    }

    // Rill's `Lock`, which ThreadSanitizer sees through, as in `Locked`.
    private let state = Lock(State())

    var now: Date { state.withLock { $0.now } }
    var elapsed: TimeInterval { now.timeIntervalSinceReferenceDate }

    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        schedule(after: now, action)
    }

    @discardableResult
    func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.entries.append(Entry(id: state.nextID, date: date, action: action))
            return state.nextID
        }
        return ActionDisposable { [self] in
            state.withLock { state in state.entries.removeAll { $0.id == id } }
        }
    }

    @discardableResult
    func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        Issue.record("HandOutScheduler does not repeat")
        return nil
    }

    /// Moves the clock to `elapsed` seconds and takes out every action due by then, without
    /// running them.
    func takeDue(atElapsed elapsed: TimeInterval) -> [@Sendable () -> Void] {
        state.withLock { state in
            state.now = Date(timeIntervalSinceReferenceDate: elapsed)
            let now = state.now
            let due = state.entries.filter { $0.date <= now }
            state.entries.removeAll { $0.date <= now }
            return due.map(\.action)
        }
    }
}

@Suite("Time operators: memory, timing, disposal and far intervals")
struct TimeOperatorReliabilityTests {
    static var timeout: DispatchTime { HangGuard.deadline }

    // MARK: delay keeps only what is waiting

    @Test("delay keeps no entry for a delivered value: 1,000,000 values leave nothing behind")
    func delayMemoryIsFlat() {
        let clock = TestScheduler()
        let scheduler = DisposableCountingScheduler(clock)
        let subject = Subject<Int, Never>()
        let received = Counter()
        let subscription = subject.signal.delay(0, on: scheduler).subscribe(next: { _ in received.increment()
        })
        var mostAliveAfterDelivery = 0
        let rounds = TestScale.scaled(1000)
        for _ in 0..<rounds {
            for value in 0..<1000 { subject.sendNext(value) }
            clock.advance(by: 0)
            mostAliveAfterDelivery = max(mostAliveAfterDelivery, scheduler.alive.value)
        }
        #expect(received.value == rounds * 1000)
        #expect(mostAliveAfterDelivery == 0)
        subscription.dispose()
    }

    @Test("delay still cancels the values waiting when disposed")
    func delayDisposalCancelsWaiting() {
        let clock = TestScheduler()
        let scheduler = DisposableCountingScheduler(clock)
        let subject = Subject<Int, Never>()
        let received = Counter()
        let subscription = subject.signal.delay(5, on: scheduler).subscribe(next: { _ in received.increment()
        })
        for value in 0..<10 { subject.sendNext(value) }
        #expect(clock.queuedActionCount == 10)
        subscription.dispose()
        #expect(clock.queuedActionCount == 0)
        #expect(scheduler.alive.value == 0)
        clock.run()
        #expect(received.value == 0)
    }

    @Test("delay keeps the order of its events when the scheduler runs their actions out of order")
    func delayKeepsOrderWhateverOrderActionsRun() {
        let scheduler = HandOutScheduler()
        let subject = Subject<Int, Never>()
        let received = Locked<[String]>([])
        let subscription = subject.signal.delay(1, on: scheduler).subscribe(
            next: { received.append("\($0)") }, completed: { received.append("|") })
        for value in 1...3 { subject.sendNext(value) }
        subject.sendCompleted()
        // Dispatch timers that fall due together may fire in any order: here, the last first.
        let due = scheduler.takeDue(atElapsed: 1)
        #expect(due.count == 4)
        due[3]()
        due[1]()
        #expect(received.value.isEmpty, "no event goes out before every event ahead of it is due")
        due[0]()
        #expect(received.value == ["1", "2"])
        due[2]()
        #expect(received.value == ["1", "2", "3", "|"])
        subscription.dispose()
    }

    @Test("a failure passes the events delay holds, and drops them, even those already due")
    func delayFailureDropsHeldEvents() {
        let scheduler = HandOutScheduler()
        let subject = Subject<Int, TestError>()
        let received = Locked<[String]>([])
        let subscription = subject.signal.delay(1, on: scheduler).subscribe(
            next: { received.append("\($0)") }, error: { received.append("#\($0)") },
            completed: { received.append("|") })
        subject.sendNext(1)
        subject.sendNext(2)
        let due = scheduler.takeDue(atElapsed: 1)
        due[1]()
        subject.sendError(.boom)
        due[0]()
        #expect(received.value == ["#boom"])
        subscription.dispose()
    }

    // MARK: throttle never sends early

    @Test("throttle: a timer already firing when a newer value arrives does not send that value early")
    func throttleTimerAlreadyFiring() {
        let scheduler = HandOutScheduler()
        let subject = Subject<String, Never>()
        let received = Locked<[String]>([])
        let subscription = subject.signal.throttle(2, on: scheduler).subscribe(next: { value in
            received.append("\(value)@\(scheduler.elapsed)")
        })
        subject.sendNext("a")
        let firing = scheduler.takeDue(atElapsed: 2)
        #expect(firing.count == 1)
        subject.sendNext("b")
        for action in firing { action() }
        #expect(received.value == [])
        for action in scheduler.takeDue(atElapsed: 4) { action() }
        #expect(received.value == ["b@4.0"])
        subscription.dispose()
    }

    @Test("throttle on real threads: no value leaves less than the interval after it was sent")
    func throttleNeverEarlyOnRealThreads() {
        let interval: TimeInterval = 0.002
        let subject = Subject<Int, Never>()
        let sentAt = Locked<[Int: Date]>([:])
        let early = Locked<[TimeInterval]>([])
        let emitted = Locked<[Int]>([])
        let emission = DispatchSemaphore(value: 0)
        let subscription = subject.signal.throttle(interval, on: QueueScheduler()).subscribe(next: { value in
            let now = Date()
            if let sent = sentAt.value[value], now.timeIntervalSince(sent) < interval {
                early.append(now.timeIntervalSince(sent))
            }
            emitted.append(value)
            emission.signal()
        })
        var timedOut = false
        for round in 0..<1000 where !timedOut {
            let first = 2 * round
            let second = first + 1
            let firstSent = Date()
            sentAt.withLock { $0[first] = firstSent }
            subject.sendNext(first)
            // Send the second value about when the first one's timer fires.
            let target = firstSent.addingTimeInterval(interval)
            while Date() < target {}
            sentAt.withLock { $0[second] = Date() }
            subject.sendNext(second)
            while !emitted.value.contains(second) {
                if emission.wait(timeout: Self.timeout) == .timedOut {
                    timedOut = true
                    break
                }
            }
        }
        subscription.dispose()
        #expect(!timedOut)
        #expect(early.value == [], "values sent early, this many seconds after they arrived")
    }

    // MARK: disposal releases what scheduled work holds (G3)

    /// Sends a fresh object through `operate` on a queue that never runs, disposes, and reports
    /// whether the object was alive before disposal and after it.
    static func aliveAroundDisposal(
        _ operate: (Signal<HeldObject, Never>, QueueScheduler) -> Signal<HeldObject, Never>
    ) -> (before: Bool, after: Bool) {
        let queue = DispatchQueue(label: "rill.tests.suspended")
        queue.suspend()
        defer { queue.resume() }
        let subject = Subject<HeldObject, Never>()
        let subscription = operate(subject.signal, QueueScheduler(queue: queue)).subscribe()
        weak var weakObject: HeldObject?
        do {
            let object = HeldObject()
            weakObject = object
            subject.sendNext(object)
        }
        let before = weakObject != nil
        subscription.dispose()
        return (before, weakObject != nil)
    }

    @Test("G3: disposing delay(3, on:) releases the value it holds at once")
    func delayReleasesOnDisposal() {
        let alive = Self.aliveAroundDisposal { $0.delay(3, on: $1) }
        #expect(alive.before)
        #expect(!alive.after)
    }

    @Test("G3: disposing throttle(3, on:) releases the value it holds at once")
    func throttleReleasesOnDisposal() {
        let alive = Self.aliveAroundDisposal { $0.throttle(3, on: $1) }
        #expect(alive.before)
        #expect(!alive.after)
    }

    @Test("G3: disposing buffer(every: 3, on:) releases the values it holds at once")
    func bufferReleasesOnDisposal() {
        let alive = Self.aliveAroundDisposal { signal, scheduler in
            signal.buffer(every: 3, on: scheduler).map { $0[0] }
        }
        #expect(alive.before)
        #expect(!alive.after)
    }

    @Test(
        "G3: disposing repeat or retry with a resubscription queued on a QueueScheduler releases the chain at once",
        arguments: ["repeat", "retry"])
    func resubscriptionReleasesOnDisposal(form: String) {
        let queue = DispatchQueue(label: "rill.tests.suspended")
        queue.suspend()
        defer { queue.resume() }
        let scheduler = QueueScheduler(queue: queue)
        weak var weakObject: HeldObject?
        var subscription: (any Disposable)?
        do {
            let object = HeldObject()
            weakObject = object
            let source = Signal<Int, TestError>.create { subscriber in
                object.touch()
                if form == "repeat" { subscriber.sendCompleted() } else { subscriber.sendError(.boom) }
                return nil
            }
            subscription = (form == "repeat" ? source.repeat(on: scheduler) : source.retry(on: scheduler))
                .subscribe()
        }
        #expect(weakObject != nil)
        subscription?.dispose()
        #expect(weakObject == nil)
    }

    // MARK: intervals too long to express, and intervals of zero

    @Test(
        "delay by an infinite or huge interval never sends values, and a failure still passes",
        arguments: [
            TimeInterval.infinity, 1e300, 1e10,
        ])
    func delayForever(interval: TimeInterval) {
        let scheduler = QueueScheduler()
        let failed = DispatchSemaphore(value: 0)
        let values = Locked<[Int]>([])
        let subject = Subject<Int, TestError>()
        let subscription = subject.signal.delay(interval, on: scheduler).subscribe(
            next: { values.append($0) }, error: { _ in failed.signal() })
        subject.sendNext(1)
        subject.sendError(.boom)
        #expect(failed.wait(timeout: Self.timeout) == .success)
        scheduler.queue.sync {}
        #expect(values.value == [])
        subscription.dispose()
    }

    @Test("throttle by an infinite interval holds values until completion, which sends the last")
    func throttleForever() {
        let values = Locked<[Int]>([])
        let completed = DispatchSemaphore(value: 0)
        let subject = Subject<Int, Never>()
        subject.signal.throttle(.infinity, on: QueueScheduler()).subscribe(
            next: { values.append($0) }, completed: { completed.signal() })
        subject.sendNext(1)
        subject.sendNext(2)
        subject.sendCompleted()
        #expect(completed.wait(timeout: Self.timeout) == .success)
        #expect(values.value == [2])
    }

    @Test("buffer with an infinite window sends everything together at completion")
    func bufferForever() {
        let arrays = Locked<[[Int]]>([])
        let completed = DispatchSemaphore(value: 0)
        let subject = Subject<Int, Never>()
        subject.signal.buffer(every: .infinity, on: QueueScheduler()).subscribe(
            next: { arrays.append($0) }, completed: { completed.signal() })
        for value in 1...3 { subject.sendNext(value) }
        subject.sendCompleted()
        #expect(completed.wait(timeout: Self.timeout) == .success)
        #expect(arrays.value == [[1, 2, 3]])
    }

    @Test("interval with an infinite period never ticks, and a huge leeway is shortened rather than a trap")
    func intervalExtremes() {
        let scheduler = QueueScheduler()
        let ticks = Counter()
        let never = Signal<Date, Never>.interval(.infinity, on: scheduler).subscribe(next: { _ in
            ticks.increment()
        })
        let ticked = DispatchSemaphore(value: 0)
        let loose = Signal<Date, Never>.interval(0.01, on: scheduler, leeway: 1e10).take(2).subscribe(
            completed: { ticked.signal() })
        #expect(ticked.wait(timeout: Self.timeout) == .success)
        scheduler.queue.sync {}
        #expect(ticks.value == 0)
        never.dispose()
        loose.dispose()
    }

    // MARK: a program without a run loop

    @Test("a program using delay, throttle and retry on a QueueScheduler finishes without a run loop")
    func commandLineProgramFinishes() {
        let finished = DispatchSemaphore(value: 0)
        let result = Locked<[String]>([])
        let attempts = Counter()
        Thread {
            let scheduler = QueueScheduler(name: "rill.tests.program")
            let flaky = Signal<String, TestError>.create { subscriber in
                if attempts.increment() < 3 {
                    subscriber.sendError(.boom)
                } else {
                    subscriber.sendNext("ready")
                    subscriber.sendCompleted()
                }
                return nil
            }
            flaky.retry(upTo: 5, on: scheduler)
                .delay(.milliseconds(10), on: scheduler)
                .throttle(.milliseconds(10), on: scheduler)
                .subscribe(
                    next: { value in result.append(value) },
                    error: { _ in result.append("failed") },
                    completed: {
                        result.append("done")
                        finished.signal()
                    })
        }.start()
        #expect(finished.wait(timeout: Self.timeout) == .success)
        #expect(result.value == ["ready", "done"])
        #expect(attempts.value == 3)
    }
}
