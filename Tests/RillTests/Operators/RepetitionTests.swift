import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

/// RAC's attempt counts and the stack safety of resubscription, which marble examples cannot
/// show.
@Suite("repeat, retry")
struct RepetitionTests {
    /// A signal that counts its subscriptions, then behaves as `marble` on `scheduler`.
    static func counted(_ marble: String, on scheduler: TestScheduler, into count: Locked<Int>)
        -> Signal<String, TestError>
    {
        let cold = scheduler.createColdSignal(marble, error: TestError.boom)
        return Signal.defer {
            count.withLock { $0 += 1 }
            return cold.signal
        }
    }

    @Test(
        "retry(upTo: n) subscribes n + 1 times, keeps the values of failed attempts and passes the last error on"
    )
    func retryAttemptCount() {
        for retries in 0...3 {
            let scheduler = TestScheduler()
            let subscriptions = Locked(0)
            let recorder = scheduler.start {
                Self.counted("-a-#", on: scheduler, into: subscriptions).retry(upTo: retries)
            }
            #expect(subscriptions.value == retries + 1)
            #expect(recorder.values == Array(repeating: "a", count: retries + 1))
            #expect(recorder.failure == .boom)
        }
    }

    @Test("retry() and retry(on:) retry forever, until the subscriber has enough")
    func retryForever() {
        let forms: [@Sendable (Signal<String, TestError>, TestScheduler) -> Signal<String, TestError>] = [
            { signal, _ in signal.retry() }, { signal, scheduler in signal.retry(on: scheduler) },
        ]
        for makeRetrying in forms {
            let scheduler = TestScheduler()
            let subscriptions = Locked(0)
            let recorder = scheduler.start {
                makeRetrying(Self.counted("-a-#", on: scheduler, into: subscriptions), scheduler).take(50)
            }
            #expect(recorder.values.count == 50)
            #expect(recorder.isCompleted)
            #expect(subscriptions.value == 50)
        }
    }

    @Test("resubscription is scheduled, not made from inside the completion")
    func resubscriptionIsAsynchronous() {
        let scheduler = TestScheduler()
        let subscriptions = Locked(0)
        let completedInside = Locked<[Bool]>([])
        let source = Signal<Int, Never>.create { subscriber in
            let number = subscriptions.withLock { count in
                count += 1
                return count
            }
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            // A resubscription made from inside the completion would have run by now.
            completedInside.withLock { $0.append(subscriptions.value != number) }
            return nil
        }
        let recorder = scheduler.record(source.repeat().take(3))
        scheduler.run()
        #expect(recorder.values == [1, 1, 1])
        #expect(subscriptions.value == 3)
        #expect(completedInside.value == [false, false, false])
    }

    @Test("repeat().take(10) of a synchronous signal stops, on a thread without a current scheduler")
    func repeatTakeTerminatesInTheBackground() {
        let done = DispatchSemaphore(value: 0)
        let values = Locked<[Int]>([])
        Thread {
            #expect(Schedulers.current == nil)
            Signal<Int, Never>.from([1, 2, 3]).repeat().take(10).subscribe(
                next: { value in values.withLock { $0.append(value) } },
                completed: { done.signal() })
        }.start()
        #expect(done.wait(timeout: HangGuard.deadline) == .success)
        #expect(values.value == [1, 2, 3, 1, 2, 3, 1, 2, 3, 1])
    }

    @Test("a synchronous signal repeated 1,000,000 times runs on a 512 KiB stack")
    func repeatIsStackSafe() async {
        let count = Locked(0)
        let repetitions = TestScale.scaled(1_000_000)
        await runOnSmallStack {
            let scheduler = TestScheduler()
            let recorder = EventRecorder<Int, Never>(clock: nil)
            scheduler.schedule {
                recorder.subscribe(to: Signal<Int, Never>.just(1).repeat().take(repetitions))
            }
            scheduler.run(maximumActions: 2 * repetitions)
            count.value = recorder.values.count
            #expect(recorder.isCompleted)
        }
        #expect(count.value == repetitions)
    }
}
