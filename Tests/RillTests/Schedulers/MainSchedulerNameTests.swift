import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("One .main")
struct MainSchedulerNameTests {
    @Test("`.main` is accepted by every `on:` parameter and is MainScheduler.main")
    func mainEverywhere() {
        let signal = Signal<Int, TestError>.never
        _ = signal.throttle(0.3, on: .main)
        _ = signal.throttle(0.3, on: .main, valuesPassingTest: { _ in true })
        _ = signal.delay(1, on: .main)
        _ = signal.timeout(1, on: .main, failure: .boom)
        _ = signal.buffer(every: 1, on: .main)
        _ = signal.subscribe(on: .main)
        _ = signal.retry(upTo: 1, backoff: .constant(1), on: .main)
        _ = signal.repeat(on: .main)
        _ = Signal<Date, Never>.interval(1, on: .main)
        let scheduler: any Scheduler = .main
        #expect(scheduler === MainScheduler.main)
    }

    @Test("deliver(on: .main) still returns a MainActorSignal")
    func deliverOnMainKeepsItsOverload() {
        let delivered = Signal<Int, Never>.just(1).deliver(on: .main)
        #expect(type(of: delivered) == MainActorSignal<Int, Never>.self)
    }

    @Test("Schedulers.current is the main queue's scheduler in DispatchQueue.main.async")
    func currentInMainQueueWork() async {
        let isMain = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                continuation.resume(returning: Schedulers.current === QueueScheduler.main)
            }
        }
        #expect(isMain)
    }

    @Test("Schedulers.current is the main queue's scheduler in a main-actor task")
    func currentInMainActorTask() async {
        let isMain = await Task { @MainActor in Schedulers.current === QueueScheduler.main }.value
        #expect(isMain)
    }

    @Test("delay without a scheduler, from main-queue work, delivers on the main queue")
    func delayFromMainQueueWork() async {
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                Signal<Int, Never>.just(1).delay(0.01).subscribe(next: { _ in
                    continuation.resume(returning: MainScheduler.isOnMainQueue)
                })
            }
        }
        #expect(onMain)
    }
}
