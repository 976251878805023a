import Foundation
import Rill
import RillTesting
import Synchronization
import Testing

/// What the marble examples in Specs/Triggers.ops cannot show: which subscriptions end when, and
/// in which order the signals are subscribed.
@Suite("take(untilTrigger:), take(untilReplacement:), skip(untilTrigger:)")
struct TriggerOperatorTests {
    @Test("take(untilTrigger:) disposes both subscriptions when the trigger fires")
    func takeUntilTriggerDisposesBoth() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let trigger = scheduler.createColdSignal("----x-y|")
        let recorder = scheduler.start { source.signal.take(untilTrigger: trigger.signal) }
        #expect(expectMarbles(recorder, "-a-b|"))
        #expect(expectSubscriptions(source, ["^---!"]))
        #expect(expectSubscriptions(trigger, ["^---!"]))
    }

    @Test("take(untilTrigger:) subscribes the trigger first, and never this signal if it fires at once")
    func takeUntilTriggerSubscribesTheTriggerFirst() {
        let order = Lock<[String]>([])
        let source = Signal<Int, Never>.create { subscriber in
            order.withLock { $0.append("source") }
            subscriber.sendNext(1)
            return nil
        }
        let silentTrigger = Signal<Int, Never>.create { _ in
            order.withLock { $0.append("trigger") }
            return nil
        }
        let untilSilent = source.take(untilTrigger: silentTrigger).record()
        #expect(order.withLock { $0 } == ["trigger", "source"])
        untilSilent.dispose()

        order.withLock { $0 = [] }
        let recorder = source.take(untilTrigger: Signal<Int, Never>.just(0)).record()
        #expect(order.withLock { $0 }.isEmpty)
        #expect(recorder.values.isEmpty)
        #expect(recorder.isCompleted)
    }

    @Test(
        "take(untilReplacement:) disposes this signal at the replacement's first event and keeps the replacement"
    )
    func takeUntilReplacementSwitches() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let replacement = scheduler.createColdSignal("----x-y|")
        let recorder = scheduler.start { source.signal.take(untilReplacement: replacement.signal) }
        #expect(expectMarbles(recorder, "-a-bx-y|"))
        #expect(expectSubscriptions(source, ["^---!"]))
        #expect(expectSubscriptions(replacement, ["^------!"]))
    }

    @Test(
        "take(untilReplacement:) drops a value of this signal that reaches it after the replacement's first event, though sent before it"
    )
    func takeUntilReplacementDropsALateValue() {
        let source = Subject<Int, TestError>()
        let replacement = Subject<Int, TestError>()
        let valueInFlight = DispatchSemaphore(value: 0)
        let replaced = DispatchSemaphore(value: 0)
        // The value passes the source's subscription before the replacement's first event, and
        // reaches take(untilReplacement:) after it.
        let delayed = source.signal.map { value in
            valueInFlight.signal()
            replaced.wait()
            return value
        }
        let recorder = delayed.take(untilReplacement: replacement.signal).record()
        let sent = DispatchSemaphore(value: 0)
        Thread {
            source.sendNext(1)
            sent.signal()
        }.start()
        valueInFlight.wait()
        replacement.sendNext(-1)
        replaced.signal()
        sent.wait()
        replacement.sendNext(-2)
        replacement.sendCompleted()
        #expect(recorder.values == [-1, -2])
        #expect(recorder.isCompleted)
    }

    @Test("skip(untilTrigger:) keeps the trigger subscribed until this signal ends")
    func skipUntilTriggerKeepsTheTrigger() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let trigger = scheduler.createColdSignal("--x------y|")
        let recorder = scheduler.start { source.signal.skip(untilTrigger: trigger.signal) }
        #expect(expectMarbles(recorder, "---b-c-|"))
        #expect(expectSubscriptions(source, ["^------!"]))
        #expect(expectSubscriptions(trigger, ["^------!"]))
    }

    @Test("disposing the result reaches the source and the trigger")
    func disposalReachesEveryUpstream() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let trigger = scheduler.createColdSignal("--------x|")
        let recorder = scheduler.start(disposeAt: 3) { source.signal.take(untilTrigger: trigger.signal) }
        #expect(expectMarbles(recorder, "-a"))
        #expect(expectSubscriptions(source, ["^--!"]))
        #expect(expectSubscriptions(trigger, ["^--!"]))
    }
}
