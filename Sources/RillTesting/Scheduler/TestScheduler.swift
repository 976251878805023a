import Foundation
import Rill
import Synchronization
import Testing

/// A scheduler with a virtual clock that moves only when a test tells it to.
///
/// Nothing runs until the test calls ``advance(by:)-(TimeInterval)``,
/// ``advance(to:)-(TimeInterval)``, ``advance(toFrame:)``, ``step()``, ``step(_:)`` or
/// ``run(maximumActions:fileID:filePath:line:column:)``. Those methods run queued actions in
/// order of their due date and first in, first out among actions due at the same date, on the
/// calling thread, setting ``now`` to each action's due date before it runs. Nothing sleeps: a test of a
/// one-hour timeout takes microseconds.
///
/// Every action runs inside ``Schedulers/perform(on:_:)``, so ``Schedulers/current`` is the
/// test scheduler while it runs, as with any other scheduler (rule G9 in `docs/Contracts.md`).
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = EventRecorder<String, Never>(clock: scheduler)
/// scheduler.schedule(afterDelay: 5) { recorder.append(.next("fired")) }
/// scheduler.advance(by: 4)   // recorder.values == []
/// scheduler.advance(to: 5)   // recorder.values == ["fired"], scheduler.elapsed == 5
/// ```
///
/// The clock starts at ``startDate`` (by default ``defaultStartDate``), and ``elapsed`` measures
/// virtual time from there. Times are written as offsets from the start, in seconds or as a
/// `Duration` (``advance(to:)-(TimeInterval)``, ``schedule(at:_:)-(TimeInterval,_)``), and
/// recorded events read back the same way (``EventRecorder/timedEvents``). Marble diagrams divide that time into frames of ``frameDuration``
/// seconds: frame *n* is `startDate + n * frameDuration`.
///
/// ## Thread safety
///
/// Any thread may schedule actions, cancel them and read the clock. Call the methods that run
/// actions (`advance` and `run`) from one thread at a time, normally the test's own: actions then
/// run serially, as they would on a serial queue. An action may schedule further actions, which
/// run in the same call if they fall due before it returns.
public final class TestScheduler: Scheduler {
    /// The date a test scheduler's clock starts at unless told otherwise: the reference date,
    /// 2001-01-01 00:00:00 UTC.
    public static let defaultStartDate = Date(timeIntervalSinceReferenceDate: 0)

    /// The date the virtual clock started at: elapsed time and frame zero count from here.
    public let startDate: Date

    /// How many seconds of virtual time one frame of a marble diagram lasts.
    public let frameDuration: TimeInterval

    private struct State: Sendable {
        var now: Date
        var queue = ScheduledActionQueue()
    }

    private let state: Lock<State>
    private let nextActionID = Atomic<UInt64>(0)

    /// Creates a scheduler whose clock reads `startDate` and whose marble frames last
    /// `frameDuration` seconds of virtual time (one second by default).
    public init(startDate: Date = TestScheduler.defaultStartDate, frameDuration: TimeInterval = 1) {
        precondition(
            frameDuration > 0 && frameDuration.isFinite,
            "TestScheduler.init(startDate:frameDuration:): frameDuration must be positive, got \(frameDuration)"
        )
        self.startDate = startDate
        self.frameDuration = frameDuration
        state = Lock(State(now: startDate))
    }

    /// The virtual clock. While an action runs, this is the date the action was due.
    public var now: Date { state.withLock { $0.now } }

    /// Seconds of virtual time since ``startDate``.
    public var elapsed: TimeInterval { now.timeIntervalSince(startDate) }

    /// How many actions are queued and not cancelled. A repeating action counts once.
    public var queuedActionCount: Int { state.withLock { $0.queue.count } }

    // MARK: Scheduling

    /// Queues `action` to run at the current virtual time, after any action already queued for
    /// that time.
    ///
    /// - Returns: A disposable that removes the action from the queue.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(at: nil, repeatingEvery: nil, action)
    }

    /// Queues `action` to run when the clock reaches `date`. A date in the past counts as now.
    ///
    /// - Returns: A disposable that removes the action from the queue.
    @discardableResult
    public func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(at: date, repeatingEvery: nil, action)
    }

    /// Queues `action` to run at `date` and then every `interval` seconds of virtual time until
    /// the returned disposable is disposed.
    ///
    /// Each run is due exactly `interval` after the previous due date, so the timer never drifts;
    /// `leeway` is ignored, because virtual time is exact. The next run is queued after the
    /// action returns, so it runs after anything the action queued for the same time.
    ///
    /// - Precondition: `interval` is positive.
    @discardableResult
    public func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        precondition(
            interval > 0,
            "TestScheduler.schedule(after:repeatingEvery:withLeeway:): interval must be positive, got \(interval)"
        )
        return enqueue(at: date, repeatingEvery: interval, action)
    }

    private func enqueue(
        at date: Date?, repeatingEvery interval: TimeInterval?, _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let id = nextActionID.add(1, ordering: .relaxed).newValue
        let cancellation = ActionDisposable { [weak self] in self?.cancel(id: id) }
        state.withLock { state in
            let due = date.map { max($0, state.now) } ?? state.now
            state.queue.insert(
                .init(id: id, date: due, interval: interval, action: action, cancellation: cancellation))
        }
        return cancellation
    }

    private func cancel(id: UInt64) {
        // The removed entry holds the action closure; it is released here, outside the lock,
        // because releasing it may run deinitializers that call back into the scheduler.
        let removed = state.withLock { $0.queue.remove(id: id) }
        _ = removed
    }

    // MARK: Running

    /// Moves the clock forward by `interval` seconds, running every action that falls due on
    /// the way, including those that earlier actions queue.
    ///
    /// `advance(by: 0)` runs the actions queued for the current time.
    ///
    /// - Precondition: `interval` is not negative.
    public func advance(by interval: TimeInterval) {
        precondition(
            interval >= 0,
            "TestScheduler.advance(by:): the virtual clock cannot go back, got \(interval) seconds")
        advance(to: now.addingTimeInterval(interval))
    }

    /// Moves the clock forward to `date`, running every action that falls due on the way,
    /// including those that earlier actions queue. The clock reads `date` afterwards.
    ///
    /// - Precondition: `date` is not earlier than ``now``.
    public func advance(to date: Date) {
        let current = now
        precondition(
            date >= current,
            "TestScheduler.advance(to:): the virtual clock cannot go back from \(current) to \(date)")
        _ = runActions(dueBy: date, maximumActions: nil)
        state.withLock { state in
            if state.now < date { state.now = date }
        }
    }

    /// Runs every queued action, and every action those actions queue, until the queue is empty,
    /// moving the clock to each action's due date. The clock stays at the last action's date.
    ///
    /// A repeating action that is never disposed would keep the queue busy forever, so `run`
    /// gives up after `maximumActions` actions: it records a test failure that names the limit,
    /// at the caller's location, and returns with the rest of the queue still waiting. Use
    /// ``advance(by:)-(TimeInterval)`` or ``advance(to:)-(TimeInterval)`` to test repeating
    /// actions that never stop.
    ///
    /// - Returns: Whether the queue emptied within `maximumActions` actions.
    /// - Precondition: `maximumActions` is positive.
    @discardableResult
    public func run(
        maximumActions: Int = 100_000, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> Bool {
        precondition(
            maximumActions > 0,
            "TestScheduler.run(maximumActions:): maximumActions must be positive, got \(maximumActions)")
        let ran = runActions(dueBy: nil, maximumActions: maximumActions)
        guard ran == maximumActions, queuedActionCount > 0 else { return true }
        TestSchedulerIssue.record(
            "TestScheduler.run(maximumActions:): the queue is still not empty after \(maximumActions) actions; "
                + "a repeating action that is never disposed, or an action that keeps rescheduling itself, "
                + "would run forever. Dispose it, raise maximumActions, or use advance(by:) or advance(to:) instead.",
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        return false
    }

    /// Runs the next queued action, moving the clock to its due date; does nothing if the
    /// queue is empty (RAC `-step`).
    public func step() {
        step(1)
    }

    /// Runs the next `count` queued actions one by one, moving the clock to each one's due
    /// date, or fewer if the queue empties first (RAC `-step:`). Actions that those actions
    /// queue count among the next ones.
    ///
    /// - Precondition: `count` is not negative.
    public func step(_ count: Int) {
        precondition(count >= 0, "TestScheduler.step(_:): count must not be negative, got \(count)")
        guard count > 0 else { return }
        _ = runActions(dueBy: nil, maximumActions: count)
    }

    /// Runs due actions one at a time, dropping the lock around each.
    ///
    /// - Returns: How many actions ran.
    private func runActions(dueBy limit: Date?, maximumActions: Int?) -> Int {
        var count = 0
        while maximumActions.map({ count < $0 }) ?? true {
            let next: ScheduledActionQueue.Entry? = state.withLock { state in
                guard let entry = state.queue.popFirst(dueBy: limit) else { return nil }
                if state.now < entry.date { state.now = entry.date }
                return entry
            }
            guard let entry = next else { return count }
            // Disposed between the pop and now: cancelled, so it must not run.
            if entry.cancellation.isDisposed { continue }

            Schedulers.perform(on: self, entry.action)
            count += 1

            if let interval = entry.interval {
                var repeated = entry
                repeated.date = entry.date.addingTimeInterval(interval)
                state.withLock { state in
                    // Checked under the lock: `cancel(id:)` takes the lock after the disposable
                    // is marked disposed, so a concurrent disposal either sees this entry queued
                    // and removes it, or is seen here.
                    if !repeated.cancellation.isDisposed { state.queue.insert(repeated) }
                }
            }
        }
        return count
    }
}
