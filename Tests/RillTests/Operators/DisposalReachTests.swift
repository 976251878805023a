import Foundation
import Rill
import RillTesting
import Testing

/// Disposing the result of an operator reaches every upstream subscription and cancels every
/// timer it holds (rule G3), and a terminal event ends the other inputs' subscriptions (G2).
@Suite("Disposal reaches every upstream")
struct DisposalReachTests {
    @Test("combineLatest, merge, sample and zip dispose both inputs when the result is disposed")
    func twoInputOperators() {
        typealias Combine = (Signal<String, Never>, Signal<String, Never>) -> Signal<String, Never>
        let operators: [(String, Combine)] = [
            ("combineLatest", { a, b in a.combineLatest(with: b).map { $0 + $1 } }),
            ("merge", { a, b in a.merge(with: b) }),
            ("sample", { a, b in a.sample(with: b) }),
            ("zip", { a, b in a.zip(with: b).map { $0 + $1 } }),
        ]
        for (name, combine) in operators {
            let scheduler = TestScheduler()
            let first = scheduler.createColdSignal("-a-b-c-|")
            let second = scheduler.createColdSignal("--x-y-z|")
            scheduler.start(disposeAt: 4) { combine(first.signal, second.signal) }
            #expect(expectSubscriptions(first, ["^---!"]), "\(name)")
            #expect(expectSubscriptions(second, ["^---!"]), "\(name)")
        }
    }

    @Test("sample ends, and disposes the sampler, when the source completes")
    func sampleEndsWithTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-|")
        let sampler = scheduler.createColdSignal("--x---x|")
        let recorder = scheduler.start { source.signal.sample(with: sampler.signal) }
        #expect(expectMarbles(recorder, "--a|"))
        #expect(expectSubscriptions(sampler, ["^--!"]))
    }

    @Test("delay, throttle and buffer cancel their pending timers when disposed")
    func timersAreCancelled() {
        typealias Timed = (Signal<String, Never>, TestScheduler) -> Signal<String, Never>
        let operators: [(String, Timed)] = [
            ("delay", { signal, _ in signal.delay(5) }),
            ("throttle", { signal, _ in signal.throttle(5) }),
            ("buffer", { signal, scheduler in signal.buffer(every: 5, on: scheduler).map { $0.joined() } }),
        ]
        for (name, timed) in operators {
            let scheduler = TestScheduler()
            let source = scheduler.createColdSignal("-a-b-c-|")
            let recorder = scheduler.start(disposeAt: 3) { timed(source.signal, scheduler) }
            #expect(recorder.events.isEmpty, "\(name)")
            #expect(expectSubscriptions(source, ["^--!"]), "\(name)")
            #expect(scheduler.queuedActionCount == 0, "\(name) left a timer queued")
        }
    }

    @Test("repeat and retry dispose the attempt in progress and schedule no other")
    func resubscriptionStops() {
        let repeatScheduler = TestScheduler()
        let repeating = repeatScheduler.createColdSignal("-a-|")
        repeatScheduler.start(disposeAt: 5) { repeating.signal.repeat() }
        #expect(expectSubscriptions(repeating, ["^--!", "---^-!"]))
        #expect(repeatScheduler.queuedActionCount == 0)

        let retryScheduler = TestScheduler()
        let retrying = retryScheduler.createColdSignal("-a-#", error: TestError.boom)
        retryScheduler.start(disposeAt: 5) { retrying.signal.retry() }
        #expect(expectSubscriptions(retrying, ["^--!", "---^-!"]))
        #expect(retryScheduler.queuedActionCount == 0)
    }

    /// RAC's `bind` disposes its source as soon as the block stops it, before the result
    /// completes; the operators lowered from such blocks must too, also when something between
    /// them and the subscriber holds the completion back.
    @Test("take, take(while:), take(until:) and any stop their source before they complete")
    func finishingOperatorsDisposeTheirSourceAtOnce() {
        typealias Finishing = (Signal<String, Never>) -> Signal<String, Never>
        // Each finishes at the frame its subscription marble ends on.
        let operators: [(String, String, Finishing)] = [
            ("take(1)", "^!", { $0.take(1) }),
            ("take(while:)", "^--!", { $0.take(while: { $0 == "a" }) }),
            ("take(until:)", "^--!", { $0.take(until: { $0 == "b" }) }),
            ("element(at:)", "^--!", { $0.element(at: 1) }),
            ("any(_:)", "^!", { $0.any { $0 == "a" }.map { "\($0)" } }),
        ]
        for (name, subscription, finishing) in operators {
            let scheduler = TestScheduler()
            let source = scheduler.createColdSignal("-a-b-c-|")
            let recorder = scheduler.start { finishing(source.signal).delay(5, on: scheduler) }
            #expect(recorder.isCompleted, "\(name)")
            #expect(expectSubscriptions(source, [subscription]), "\(name)")
        }
    }

    @Test("interval stops ticking when disposed")
    func intervalStops() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<Date, Never>.interval(1, on: scheduler), disposeAt: 3)
        scheduler.advance(toFrame: 10)
        #expect(recorder.values.count == 2)
        #expect(scheduler.queuedActionCount == 0)
    }
}
