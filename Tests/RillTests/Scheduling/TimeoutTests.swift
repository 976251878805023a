import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

private enum FetchError: Error, Equatable {
    case timedOut
    case offline
}

@Suite("timeout(_:on:failure:): a limit counted from subscription, with a failure of the caller's type")
struct TimeoutTests {
    @Test("Values do not restart the clock: the failure comes at the interval after subscription")
    func valuesDoNotResetTheClock() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-d-|", error: FetchError.offline)
        let recorder = scheduler.start(subscribeAt: 2) {
            source.signal.timeout(4, on: scheduler, failure: .timedOut)
        }
        #expect(
            recorder.timedEvents == [.next("a", at: 3), .next("b", at: 5), .error(.timedOut, at: 6)])
        expectSubscriptions(source, ["--^---!"])
    }

    @Test("A signal that ends in time ends as it would, and the timer is cancelled")
    func endingInTimeCancelsTheTimer() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<String, FetchError>(clock: scheduler)
        recorder.subscribe(to: Signal.just("a").timeout(.seconds(1), on: scheduler, failure: .timedOut))
        #expect(recorder.timedEvents == [.next("a", at: 0), .completed(at: 0)])
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("The source's own failure passes through")
    func sourceFailurePassesThrough() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start {
            Signal<String, FetchError>.error(.offline).timeout(1, on: scheduler, failure: .timedOut)
        }
        #expect(recorder.timedEvents == [.error(.offline, at: 0)])
    }

    @Test("On a signal that cannot fail, the failure's type becomes the result's")
    func neverFailingSignalTakesTheFailureType() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start {
            Signal<Int, Never>.never.timeout(.milliseconds(1500), on: scheduler, failure: FetchError.timedOut)
        }
        #expect(recorder.timedEvents == [.error(.timedOut, at: 1.5)])
        let fast = scheduler.start {
            Signal<Int, Never>.just(1).timeout(2, on: scheduler, failure: FetchError.timedOut)
        }
        #expect(fast.values == [1])
        #expect(fast.isCompleted)
    }

    @Test("Disposal cancels the timer and the source")
    func disposalCancelsTimerAndSource() {
        let scheduler = TestScheduler()
        let resource = CountingDisposable()
        let disposable = Signal<Int, FetchError>.create { _ in resource }
            .timeout(10, on: scheduler, failure: .timedOut)
            .subscribe()
        #expect(scheduler.queuedActionCount == 1)
        disposable.dispose()
        #expect(scheduler.queuedActionCount == 0)
        #expect(resource.disposeCount == 1)
    }

    @Test("On a queue, the failure arrives on the scheduler's queue and the source is disposed first")
    func failureArrivesOnTheQueue() {
        let target = LabelledQueue("rill.test.timeout")
        let resource = CountingDisposable()
        let log = Locked<[String]>([])
        let done = Gate()
        // The queue waits until the subscription has returned: on a loaded machine the timer
        // could otherwise run out while `create` is still handing over its resource, which the
        // timeout then disposes as soon as it arrives, after the failure (as in RAC).
        target.queue.suspend()
        Signal<Int, FetchError>.create { _ in resource }
            .timeout(0.01, on: target.scheduler, failure: .timedOut)
            .subscribe(error: { failure in
                log.append(
                    "\(failure) on queue: \(target.isCurrent), source disposed: \(resource.isDisposed)")
                done.open()
            })
        target.queue.resume()
        #expect(done.wait())
        #expect(log.value == ["timedOut on queue: true, source disposed: true"])
    }

    @Test("The immediate scheduler is refused with a message naming the operator")
    func immediateSchedulerIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.never.timeout(1, on: ImmediateScheduler(), failure: CancellationError())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Signal.timeout(_:on:failure:): the immediate scheduler"))
    }

    @Test("A negative interval is refused with a message naming the operator")
    func negativeIntervalIsRefused() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scheduler = TestScheduler()
            _ = Signal<Int, Never>.never.timeout(-1, on: scheduler, failure: CancellationError())
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("Signal.timeout(_:on:failure:): interval must not be negative, got -1.0"))
    }
}
