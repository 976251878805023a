import Foundation
import Rill
import RillTesting
import Testing

@Suite("retry(when:) and retry(upTo:backoff:on:)")
struct RetryWhenTests {
    @Test(
        "the failures signal completes when the result ends, so what the handler subscribed to it ends too",
        arguments: ["completes", "fails", "is disposed"])
    func failuresEndWithTheResult(ending: String) {
        let source = ManualSource<Int, TestError>()
        let trigger = Subject<Void, TestError>()
        let seen = EventRecorder<TestError, Never>()
        let recorder = source.signal.retry(when: { failures in
            seen.subscribe(to: failures)
            return trigger.signal
        })
        .record()
        source.sendError(.boom)
        #expect(seen.events == [.next(.boom)])
        switch ending {
        case "completes": trigger.sendCompleted()
        case "fails": trigger.sendError(.other)
        default: recorder.dispose()
        }
        #expect(seen.events == [.next(.boom), .completed], "the result \(ending)")
    }

    @Test("each failure waits for the trigger's next value; values in between do nothing")
    func triggerAnswersOnlyAWaitingFailure() {
        let source = ManualSource<Int, TestError>()
        let trigger = Subject<Void, TestError>()
        let failures = Locked<[TestError]>([])
        let recorder = source.signal.retry(when: { failed in
            failed.on(next: { failures.append($0) }).subscribe()
            return trigger.signal
        })
        .record()
        trigger.sendNext(())
        #expect(source.subscriptions.value == 1)
        source.sendNext(1)
        source.sendError(.boom)
        #expect(failures.value == [.boom])
        #expect(source.subscriptions.value == 1)
        trigger.sendNext(())
        #expect(source.subscriptions.value == 2)
        trigger.sendNext(())
        #expect(source.subscriptions.value == 2)
        source.sendNext(2)
        source.sendCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test("the trigger's completion completes the result and its failure fails it")
    func triggerEndsTheResult() {
        let source = ManualSource<Int, TestError>()
        let trigger = Subject<Void, TestError>()
        let completed = source.signal.retry(when: { _ in trigger.signal }).record()
        trigger.sendCompleted()
        #expect(completed.events == [.completed])

        let other = ManualSource<Int, TestError>()
        let failing = Subject<Void, TestError>()
        let failed = other.signal.retry(when: { _ in failing.signal }).record()
        other.sendError(.boom)
        failing.sendError(.other)
        #expect(failed.events == [.error(.other)])
    }

    @Test("the handler runs once per subscription, and its signal is subscribed before the source")
    func handlerPerSubscription() {
        let log = Locked<[String]>([])
        let source = Signal<Int, TestError>.defer {
            log.append("source")
            return .never
        }
        let retrying = source.retry(when: { failures in
            log.append("handler")
            return Signal<Void, TestError>.never.on(subscribe: { log.append("trigger") })
        })
        let first = retrying.record()
        let second = retrying.record()
        #expect(log.value == ["handler", "trigger", "source", "handler", "trigger", "source"])
        first.dispose()
        second.dispose()
    }

    @Test("disposing the result disposes the source and the trigger")
    func disposal() {
        let source = ManualSource<Int, TestError>()
        let trigger = ManualSource<Void, TestError>()
        let recorder = source.signal.retry(when: { _ in trigger.signal }).record()
        recorder.dispose()
        #expect(trigger.isDisposed)
    }

    @Test("a signal that fails at once, retried at once a million times, runs in constant stack")
    func synchronousRetriesAreStackSafe() async {
        let attempts = Counter()
        let values = Locked<[Int]>([])
        let retries = TestScale.scaled(1_000_000)
        await onSmallStack {
            Signal<Int, TestError>.defer {
                attempts.increment()
                return .error(.boom)
            }
            .retry(when: { failures in failures.setFailureType(to: TestError.self).take(retries) })
            .subscribe(next: { values.append($0) })
        }
        // The millionth failure's trigger value is followed at once by the trigger's completion,
        // which ends the result before the attempt that value asked for starts.
        #expect(attempts.value == retries)
        #expect(values.value.isEmpty)
    }

    @Test("retry(upTo:backoff:on:) waits as the backoff says between attempts, on the virtual clock")
    func backoffOnTheVirtualClock() {
        let scheduler = TestScheduler()
        let attemptTimes = Locked<[TimeInterval]>([])
        let start = scheduler.now
        let recorder = Signal<Int, TestError>.defer {
            attemptTimes.append(scheduler.now.timeIntervalSince(start))
            return .error(.boom)
        }
        .retry(upTo: 4, backoff: .exponential(initial: 0.5, maximum: 3), on: scheduler)
        .record()
        scheduler.advance(by: 100)
        #expect(attemptTimes.value == [0, 0.5, 1.5, 3.5, 6.5])
        #expect(recorder.events == [.error(.boom)])
    }

    @Test("the backoff counts from the first failure of each subscription")
    func backoffCountsPerSubscription() {
        let scheduler = TestScheduler()
        let attempts = Counter()
        let failing = Signal<Int, TestError>.defer {
            attempts.increment()
            return .error(.boom)
        }
        .retry(upTo: 1, backoff: .constant(2), on: scheduler)
        let first = failing.record()
        scheduler.advance(by: 10)
        let second = failing.record()
        scheduler.advance(by: 1)
        #expect(attempts.value == 3)
        scheduler.advance(by: 1)
        #expect(attempts.value == 4)
        #expect(first.events == [.error(.boom)])
        #expect(second.events == [.error(.boom)])
    }

    @Test("Backoff's waits: constant, exponential, capped")
    func backoffIntervals() {
        #expect((1...4).map { Backoff.constant(1.5).interval(beforeRetry: $0) } == [1.5, 1.5, 1.5, 1.5])
        #expect(
            (1...5).map { Backoff.exponential(initial: 1).interval(beforeRetry: $0) } == [1, 2, 4, 8, 16])
        #expect(
            (1...4).map {
                Backoff.exponential(initial: 1, multiplier: 3, maximum: 5).interval(beforeRetry: $0)
            }
                == [1, 3, 5, 5])
        #expect(Backoff.exponential(initial: 1).interval(beforeRetry: 5_000) == .infinity)
        #expect(Backoff.exponential(initial: 0).interval(beforeRetry: 5_000) == 0)
    }

    @Test("retry with backoff from main-actor code, on the main scheduler")
    @MainActor
    func fromTheMainActor() async throws {
        final class Loader {
            var loaded: [Int] = []
            var attempts = 0
        }
        let loader = Loader()
        let attempts = Counter()
        let value = try await #require(
            Signal<Int, TestError>.defer {
                attempts.increment()
                return attempts.value < 3 ? .error(.boom) : .just(42)
            }
            .retry(upTo: 5, backoff: .constant(0.01), on: QueueScheduler.main)
            .first())
        loader.loaded.append(value)
        #expect(loader.loaded == [42])
        #expect(attempts.value == 3)
    }
}
