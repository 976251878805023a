import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("TestScheduler")
struct TestSchedulerTests {
    @Test("The clock starts at the reference date with nothing elapsed")
    func clockStartsAtReferenceDate() {
        let scheduler = TestScheduler()
        #expect(scheduler.now == Date(timeIntervalSinceReferenceDate: 0))
        #expect(scheduler.startDate == TestScheduler.defaultStartDate)
        #expect(scheduler.elapsed == 0)
        #expect(scheduler.frameDuration == 1)
    }

    @Test("A custom start date and frame duration are honoured")
    func customStartDateAndFrameDuration() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = TestScheduler(startDate: start, frameDuration: 0.25)
        #expect(scheduler.now == start)
        #expect(scheduler.date(ofFrame: 4) == start.addingTimeInterval(1))
        scheduler.advance(byFrames: 3)
        #expect(scheduler.elapsed == 0.75)
        scheduler.advance(toFrame: 8)
        #expect(scheduler.elapsed == 2)
    }

    @Test("Nothing runs until the clock is advanced; schedule(_:) runs at the current time")
    func nothingRunsUntilAdvanced() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule { log.append("now", at: scheduler) }
        #expect(log.all.isEmpty)
        #expect(scheduler.queuedActionCount == 1)
        scheduler.advance(by: 0)
        #expect(log.all == ["now@0"])
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("Actions run in order of due date, whatever order they were scheduled in")
    func actionsRunInTimeOrder() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule(afterDelay: 3) { log.append("c", at: scheduler) }
        scheduler.schedule(afterDelay: 1) { log.append("a", at: scheduler) }
        scheduler.schedule(afterDelay: 2) { log.append("b", at: scheduler) }
        scheduler.run()
        #expect(log.all == ["a@1", "b@2", "c@3"])
    }

    @Test("Actions due at the same time run first in, first out")
    func equalTimesAreFIFO() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        for name in ["a", "b", "c", "d", "e"] {
            scheduler.schedule(afterDelay: 2) { log.append(name) }
        }
        scheduler.schedule(afterDelay: 1) { log.append("first") }
        scheduler.run()
        #expect(log.all == ["first", "a", "b", "c", "d", "e"])
    }

    @Test("advance(by:) runs only the actions that fall due and moves the clock by the interval")
    func advanceByRunsDueActions() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule(afterDelay: 1) { log.append("a", at: scheduler) }
        scheduler.schedule(afterDelay: 5) { log.append("b", at: scheduler) }
        scheduler.advance(by: 3)
        #expect(log.all == ["a@1"])
        #expect(scheduler.elapsed == 3)
        scheduler.advance(by: 1.5)
        #expect(log.all == ["a@1"])
        #expect(scheduler.elapsed == 4.5)
        scheduler.advance(by: 0.5)
        #expect(log.all == ["a@1", "b@5"])
    }

    @Test("advance(to:) runs actions due up to and including the date and leaves the clock there")
    func advanceToIncludesTheDate() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let date = scheduler.now.addingTimeInterval(10)
        scheduler.schedule(after: date) { log.append("at", at: scheduler) }
        scheduler.schedule(after: date.addingTimeInterval(0.001)) { log.append("after") }
        scheduler.advance(to: date)
        #expect(log.all == ["at@10"])
        #expect(scheduler.now == date)
    }

    @Test("now reads each action's due date while it runs")
    func nowIsTheDueDateDuringAnAction() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule(afterDelay: 2) { log.append("a", at: scheduler) }
        scheduler.schedule(afterDelay: 7) { log.append("b", at: scheduler) }
        scheduler.advance(by: 100)
        #expect(log.all == ["a@2", "b@7"])
        #expect(scheduler.elapsed == 100)
    }

    @Test("Actions queued by actions run in the same advance when they fall due within it")
    func actionsQueuedByActions() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule(afterDelay: 1) {
            log.append("outer", at: scheduler)
            scheduler.schedule { log.append("same time", at: scheduler) }
            scheduler.schedule(afterDelay: 1) { log.append("inside window", at: scheduler) }
            scheduler.schedule(afterDelay: 5) { log.append("outside window", at: scheduler) }
        }
        scheduler.advance(by: 3)
        #expect(log.all == ["outer@1", "same time@1", "inside window@2"])
        scheduler.run()
        #expect(log.all.last == "outside window@6")
    }

    @Test("An action queued for the current time runs after those already queued for it")
    func scheduleNowIsFIFOWithEarlierActions() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule(afterDelay: 1) {
            log.append("a")
            scheduler.schedule { log.append("queued by a") }
        }
        scheduler.schedule(afterDelay: 1) { log.append("b") }
        scheduler.run()
        #expect(log.all == ["a", "b", "queued by a"])
    }

    @Test("A date in the past counts as now and does not move the clock back")
    func pastDatesCountAsNow() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.advance(by: 10)
        scheduler.schedule { log.append("now", at: scheduler) }
        scheduler.schedule(after: scheduler.startDate) { log.append("past", at: scheduler) }
        scheduler.advance(by: 0)
        #expect(log.all == ["now@10", "past@10"])
    }

    @Test("Disposing a queued action cancels it and removes it from the queue")
    func disposingCancels() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let cancelled = scheduler.schedule(afterDelay: 1) { log.append("cancelled") }
        scheduler.schedule(afterDelay: 2) { log.append("kept") }
        #expect(scheduler.queuedActionCount == 2)
        cancelled?.dispose()
        #expect(cancelled?.isDisposed == true)
        #expect(scheduler.queuedActionCount == 1)
        scheduler.run()
        #expect(log.all == ["kept"])
    }

    @Test("An action can cancel a later action due at the same time")
    func actionCancelsSameTimeAction() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let victim = SerialDisposable()
        scheduler.schedule(afterDelay: 1) {
            log.append("first")
            victim.dispose()
        }
        victim.inner = scheduler.schedule(afterDelay: 1) { log.append("victim") }
        scheduler.run()
        #expect(log.all == ["first"])
    }

    @Test("Disposing an action that already ran has no effect")
    func disposingAfterRunning() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let disposable = scheduler.schedule { log.append("ran") }
        scheduler.schedule(afterDelay: 1) { log.append("later") }
        scheduler.advance(by: 0)
        disposable?.dispose()
        scheduler.run()
        #expect(log.all == ["ran", "later"])
    }

    @Test("A repeating action runs at its start date and then every interval, without drift")
    func repeatingActionRuns() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let timer = scheduler.schedule(
            after: scheduler.now.addingTimeInterval(2), repeatingEvery: 1.5, withLeeway: 10
        ) { log.append("tick", at: scheduler) }
        #expect(scheduler.queuedActionCount == 1)
        scheduler.advance(by: 6.5)
        #expect(log.all == ["tick@2", "tick@3.5", "tick@5", "tick@6.5"])
        #expect(scheduler.queuedActionCount == 1)
        timer?.dispose()
        #expect(scheduler.queuedActionCount == 0)
        scheduler.advance(by: 10)
        #expect(log.all.count == 4)
    }

    @Test("A repeating action can dispose of itself")
    func repeatingActionDisposesItself() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let timer = SerialDisposable()
        let count = ActionLog()
        timer.inner = scheduler.schedule(after: scheduler.now, repeatingEvery: 1) {
            count.append("tick")
            log.append("tick", at: scheduler)
            if count.all.count == 3 { timer.dispose() }
        }
        scheduler.run()
        #expect(log.all == ["tick@0", "tick@1", "tick@2"])
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("The next run of a repeating action is queued after what the action queued for the same time")
    func repeatingRequeuesAfterAction() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let timer = scheduler.schedule(after: scheduler.now, repeatingEvery: 1) {
            log.append("tick", at: scheduler)
            scheduler.schedule(afterDelay: 1) { log.append("follow-up", at: scheduler) }
        }
        scheduler.advance(by: 1)
        timer?.dispose()
        #expect(log.all == ["tick@0", "follow-up@1", "tick@1"])
        scheduler.run()
        #expect(log.all == ["tick@0", "follow-up@1", "tick@1", "follow-up@2"])
    }

    @Test("run() drains the queue, including chains, and leaves the clock at the last action")
    func runDrainsEverything() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        @Sendable func chain(_ remaining: Int) {
            log.append("step", at: scheduler)
            if remaining > 0 {
                scheduler.schedule(afterDelay: 2) { chain(remaining - 1) }
            }
        }
        scheduler.schedule(afterDelay: 1) { chain(3) }
        scheduler.run()
        #expect(log.all == ["step@1", "step@3", "step@5", "step@7"])
        #expect(scheduler.elapsed == 7)
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("run() ends once a repeating action is disposed by another action")
    func runWithDisposedTimer() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        let timer = scheduler.schedule(after: scheduler.now.addingTimeInterval(1), repeatingEvery: 1) {
            log.append("tick", at: scheduler)
        }
        scheduler.schedule(afterDelay: 3.5) { timer?.dispose() }
        scheduler.run()
        #expect(log.all == ["tick@1", "tick@2", "tick@3"])
        #expect(scheduler.elapsed == 3.5)
    }

    @Test("Schedulers.current is the test scheduler while its actions run")
    func currentSchedulerDuringActions() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule {
            log.append(Schedulers.current === scheduler ? "immediate: test" : "immediate: other")
        }
        scheduler.schedule(afterDelay: 1) {
            log.append(Schedulers.current === scheduler ? "delayed: test" : "delayed: other")
        }
        let timer = scheduler.schedule(after: scheduler.now.addingTimeInterval(2), repeatingEvery: 1) {
            log.append(Schedulers.current === scheduler ? "repeating: test" : "repeating: other")
        }
        scheduler.advance(by: 2)
        timer?.dispose()
        #expect(log.all == ["immediate: test", "delayed: test", "repeating: test"])
        #expect(Schedulers.current !== scheduler)
    }

    @Test("Actions scheduled from many threads at once all run, in time order")
    func concurrentScheduling() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            let disposable = scheduler.schedule(afterDelay: Double(index % 10)) {
                log.append("\(index % 10)")
            }
            if index % 4 == 0 { disposable?.dispose() }
        }
        #expect(scheduler.queuedActionCount == 150)
        scheduler.run()
        let times = log.all.compactMap { Int($0) }
        #expect(times.count == 150)
        #expect(times == times.sorted())
    }
}
