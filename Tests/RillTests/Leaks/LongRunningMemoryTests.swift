import Foundation
import Rill
import Synchronization
import Testing

// Testable: `onDedicatedThread(stackBytes:_:)` is internal to the test kit.
@testable import RillTesting

/// Subscriptions that run for a million events keep what they hold bounded: every finished
/// attempt of `repeat` and `retry` is released while the subscription goes on, and `interval`
/// keeps one timer however long it ticks. (`delay` is covered in `TimeOperatorReliabilityTests`.)
///
/// Each run takes minutes under a sanitizer, so it runs on a thread of its own and the test
/// checks what it measured afterwards.
@Suite("Long-running subscriptions keep memory flat")
struct LongRunningMemoryTests {
    static let events = TestScale.scaled(1_000_000)
    /// How often an attempt's lifetime is sampled: checking every one would itself keep memory.
    static let sampleEvery = 10_000

    /// Weak references to sampled per-attempt lifetimes. Each time an attempt is sampled, the
    /// earlier samples, long finished, must all have been released by then.
    final class AttemptProbe: Sendable {
        private let sampled = Lock<[WeakLifetime]>([])
        private let mostEarlierAlive = Lock(0)
        let attempts = Counter()

        func record(_ lifetime: CompositeDisposable) {
            let attempt = attempts.increment()
            guard attempt % LongRunningMemoryTests.sampleEvery == 0 else { return }
            let earlierAlive = sampled.withLock { samples in
                defer { samples.append(WeakLifetime(lifetime)) }
                return samples.filter { $0.lifetime != nil }.count
            }
            mostEarlierAlive.withLock { $0 = max($0, earlierAlive) }
        }

        /// The most sampled lifetimes of finished attempts found alive while the operator ran.
        var earlierAttemptsAlive: Int { mostEarlierAlive.withLock { $0 } }

        var sampleCount: Int { sampled.withLock { $0.count } }
    }

    struct WeakLifetime {
        weak var lifetime: CompositeDisposable?
        init(_ lifetime: CompositeDisposable) { self.lifetime = lifetime }
    }

    /// What a million-event run measured.
    struct Outcome: Sendable {
        var received = 0
        var samples = 0
        var earlierAttemptsAlive = 0
        var queuedActions = 0
    }

    /// Runs `resubscribing` over a source that sends `1` and then `ends`, for `events` values,
    /// on a thread of its own, and reports what it measured.
    static func attempts<Failure: Error>(
        ending ends: @escaping @Sendable (Observer<Int, Failure>) -> Void,
        resubscribing: @escaping @Sendable (Signal<Int, Failure>, TestScheduler) -> Signal<Int, Failure>
    ) async -> Outcome {
        await onDedicatedThread {
            let scheduler = TestScheduler()
            let probe = AttemptProbe()
            let source = Signal<Int, Failure>(producer: { observer, lifetime in
                probe.record(lifetime)
                observer.sendNext(1)
                ends(observer)
            })
            let received = Counter()
            let subscription = resubscribing(source, scheduler).take(events).subscribe(next: { _ in
                received.increment()
            })
            scheduler.advance(by: 1)
            defer { subscription.dispose() }
            return Outcome(
                received: received.value, samples: probe.sampleCount,
                earlierAttemptsAlive: probe.earlierAttemptsAlive, queuedActions: scheduler.queuedActionCount)
        }
    }

    @Test("repeat(on:) over 1,000,000 attempts releases each finished attempt while it goes on")
    func repeatReleasesFinishedAttempts() async {
        let outcome = await Self.attempts(
            ending: { (observer: Observer<Int, Never>) in observer.sendCompleted() },
            resubscribing: { $0.repeat(on: $1) })
        #expect(outcome.received == Self.events)
        #expect(outcome.samples == Self.events / Self.sampleEvery)
        #expect(outcome.earlierAttemptsAlive == 0)
        #expect(outcome.queuedActions == 0)
    }

    @Test("retry(on:) over 1,000,000 failed attempts releases each one while it goes on")
    func retryReleasesFailedAttempts() async {
        let outcome = await Self.attempts(
            ending: { (observer: Observer<Int, TestError>) in observer.sendError(.boom) },
            resubscribing: { $0.retry(on: $1) })
        #expect(outcome.received == Self.events)
        #expect(outcome.samples == Self.events / Self.sampleEvery)
        #expect(outcome.earlierAttemptsAlive == 0)
        #expect(outcome.queuedActions == 0)
    }

    @Test("interval over 1,000,000 ticks keeps a single timer and delivers every tick")
    func intervalKeepsOneTimer() async {
        let (timersAfterEachRound, received, timersAfterDisposal) = await onDedicatedThread {
            let scheduler = TestScheduler()
            let received = Counter()
            let subscription = Signal<Date, Never>.interval(1, on: scheduler).subscribe(next: { _ in
                received.increment()
            })
            var timersAfterEachRound: [Int] = []
            for _ in 0..<(Self.events / 100_000) {
                scheduler.advance(by: 100_000)
                timersAfterEachRound.append(scheduler.queuedActionCount)
            }
            subscription.dispose()
            return (timersAfterEachRound, received.value, scheduler.queuedActionCount)
        }
        #expect(timersAfterEachRound == Array(repeating: 1, count: Self.events / 100_000))
        #expect(received == Self.events)
        #expect(timersAfterDisposal == 0)
    }
}
