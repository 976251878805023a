import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

/// A scheduler that runs every action at once, on the calling thread, and makes itself the
/// current scheduler while it does: the shape in which resubscription would recurse.
final class SynchronousCurrentScheduler: Scheduler {
    var now: Date { Date() }

    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        Schedulers.perform(on: self, action)
        return nil
    }

    @discardableResult
    func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        schedule(action)
    }

    @discardableResult
    func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        Issue.record("SynchronousCurrentScheduler does not repeat")
        return nil
    }
}

/// A scheduler that counts the actions it is given and runs none of them.
final class ResubscriptionCounter: Scheduler {
    let scheduled = Locked(0)
    var now: Date { Date() }

    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        scheduled.withLock { $0 += 1 }
        return nil
    }

    @discardableResult
    func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        schedule(action)
    }

    @discardableResult
    func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        schedule(action)
    }
}

/// `repeat` and `retry` keep a constant stack depth on every scheduler, synchronous ones
/// included, on a 512 KiB thread.
@Suite("repeat, retry: stack depth on synchronous schedulers", .serialized)
struct RepetitionStackTests {
    /// A signal that sends `1` and fails, synchronously.
    static let failingOnce = Signal<Int, TestError>.create { subscriber in
        subscriber.sendNext(1)
        subscriber.sendError(.boom)
        return nil
    }

    @Test("repeat(on: Schedulers.immediate).take(100_000) of a synchronous signal runs on a 512 KiB stack")
    func repeatOnImmediate() async {
        let tally = Tally()
        await onSmallStack {
            Schedulers.immediate.schedule {
                tally.subscribe(
                    to: Signal<Int, TestError>.just(1).repeat(on: Schedulers.immediate).take(100_000).map {
                        _ in tally.count
                    })
            }
        }
        #expect(tally.count == 100_000)
        #expect(tally.completedCount == 1)
        #expect(tally.outOfOrder == 0)
    }

    @Test(
        "retry(on: Schedulers.immediate).take(100_000) of a synchronous failing signal runs on a 512 KiB stack"
    )
    func retryOnImmediate() async {
        let tally = Tally()
        await onSmallStack {
            tally.subscribe(
                to: Self.failingOnce.retry(on: Schedulers.immediate).take(100_000).map { _ in tally.count })
        }
        #expect(tally.count == 100_000)
        #expect(tally.completedCount == 1)
        #expect(tally.errorCount == 0)
    }

    @Test(
        "retry(upTo: 100_000, on: Schedulers.immediate) makes 100,001 attempts on a 512 KiB stack, then fails"
    )
    func boundedRetryOnImmediate() async {
        let tally = Tally()
        await onSmallStack {
            tally.subscribe(
                to: Self.failingOnce.retry(upTo: 100_000, on: Schedulers.immediate).map { _ in tally.count })
        }
        #expect(tally.count == 100_001)
        #expect(tally.errorCount == 1)
    }

    @Test("repeat() and retry() under a synchronous current scheduler run 100,000 times on a 512 KiB stack")
    func repeatAndRetryUnderSynchronousCurrentScheduler() async {
        let repeated = Tally()
        let retried = Tally()
        await onSmallStack {
            let scheduler = SynchronousCurrentScheduler()
            scheduler.schedule {
                repeated.subscribe(
                    to: Signal<Int, Never>.just(1).repeat().take(100_000).map { _ in repeated.count })
                retried.subscribe(to: Self.failingOnce.retry().take(100_000).map { _ in retried.count })
            }
        }
        #expect(repeated.count == 100_000)
        #expect(repeated.completedCount == 1)
        #expect(retried.count == 100_000)
        #expect(retried.completedCount == 1)
    }

    @Test(
        "Schedulers.immediate.schedule { just(1).repeat().take(10_000) } finishes, on the background scheduler"
    )
    func repeatInsideImmediateOnAPlainThread() async {
        let done = DispatchSemaphore(value: 0)
        let count = Counter()
        await onSmallStack {
            Schedulers.immediate.schedule {
                Signal<Int, Never>.just(1).repeat().take(10_000).subscribe(
                    next: { _ in count.increment() }, completed: { done.signal() })
            }
        }
        #expect(done.wait(timeout: HangGuard.deadline) == .success)
        #expect(count.value == 10_000)
    }

    /// Past the stack budget a value may wait for the outermost core frame on its way to the
    /// `take` above a `repeat` or `retry`, while the end of the source that sent it reaches the
    /// `repeat` at once. The `repeat` must still see the `take` dispose it first, as in a short
    /// chain, and not subscribe its source again.
    @Test(
        "repeat().take(1) and retry().take(1), chained 10,000 times, subscribe every level once",
        arguments: ["repeat", "retry"])
    func longChainsOfRepetitionSubscribeOnce(_ kind: String) async {
        let depth = TestScale.scaled(10_000)
        let subscriptions = Locked([Int](repeating: 0, count: depth))
        let recorder = EventRecorder<Int, TestError>()
        // Records every resubscription asked for, and runs none.
        let scheduler = ResubscriptionCounter()
        await onSmallStack {
            var chain = kind == "repeat" ? Signal<Int, TestError>.just(7) : Self.failingOnce.map { _ in 7 }
            for level in 0..<depth {
                chain = chain.on(subscribe: { subscriptions.withLock { $0[level] += 1 } })
                let repeated = kind == "repeat" ? chain.repeat(on: scheduler) : chain.retry(on: scheduler)
                chain = repeated.take(1)
            }
            recorder.subscribe(to: chain).dispose()
        }
        #expect(recorder.events == [.next(7), .completed])
        let scheduled = scheduler.scheduled.value
        #expect(scheduled == 0, "\(scheduled) resubscriptions were scheduled")
        let again = subscriptions.value.enumerated().filter { $0.element != 1 }.map(\.offset)
        #expect(again.isEmpty, "levels \(again.prefix(5)) of \(again.count) were subscribed more than once")
    }
}
