import Foundation
import Rill
import Synchronization
import Testing

@testable import RillTesting

/// The reports ``TestScheduler`` makes instead of failing the test, captured for inspection.
private final class IssueLog: Sendable {
    private let entries = Lock<[(message: String, line: Int)]>([])

    func capture(_ body: () -> Void) {
        let reporter = TestSchedulerIssue.Reporter { message, location in
            self.entries.withLock { $0.append((message, location.line)) }
        }
        TestSchedulerIssue.$reporter.withValue(reporter) {
            body()
        }
    }

    var messages: [String] { entries.withLock { $0.map(\.message) } }
    var lines: [Int] { entries.withLock { $0.map(\.line) } }
}

@Suite("TestScheduler: stepping, action limits and virtual time offsets")
struct TestSchedulerSteppingTests {
    @Test("step() runs exactly the next action, moving the clock to its date")
    func stepRunsOneAction() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule(afterDelay: 2) { log.append("b", at: scheduler) }
        scheduler.schedule(afterDelay: 1) { log.append("a", at: scheduler) }
        scheduler.step()
        #expect(log.all == ["a@1"])
        #expect(scheduler.elapsed == 1)
        scheduler.step()
        #expect(log.all == ["a@1", "b@2"])
        scheduler.step()
        #expect(log.all == ["a@1", "b@2"])
        #expect(scheduler.elapsed == 2)
    }

    @Test("step(_:) runs the next n actions, counting those the actions queue, and stops early when empty")
    func stepCountsActions() {
        let scheduler = TestScheduler()
        let log = ActionLog()
        scheduler.schedule {
            log.append("a", at: scheduler)
            scheduler.schedule { log.append("queued by a", at: scheduler) }
        }
        scheduler.schedule(afterDelay: 3) { log.append("b", at: scheduler) }
        scheduler.schedule(afterDelay: 4) { log.append("c", at: scheduler) }
        scheduler.step(2)
        #expect(log.all == ["a@0", "queued by a@0"])
        #expect(scheduler.queuedActionCount == 2)
        scheduler.step(0)
        #expect(scheduler.queuedActionCount == 2)
        scheduler.step(10)
        #expect(log.all == ["a@0", "queued by a@0", "b@3", "c@4"])
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("run() past its action limit records a failure naming the limit at the caller, and returns")
    func runPastItsLimitRecordsAFailure() {
        let scheduler = TestScheduler()
        let ticks = Atomic(0)
        let timer = scheduler.schedule(after: scheduler.now, repeatingEvery: 1) {
            ticks.add(1, ordering: .relaxed)
        }
        let issues = IssueLog()
        var finished = true
        let line = #line + 1
        issues.capture { finished = scheduler.run(maximumActions: 50) }
        #expect(!finished)
        #expect(ticks.load(ordering: .relaxed) == 50)
        #expect(issues.lines == [line])
        #expect(issues.messages.count == 1)
        #expect(
            issues.messages.first?.contains(
                "TestScheduler.run(maximumActions:): the queue is still not empty after 50 actions") == true)
        // The scheduler is still usable: the test can go on and stop the timer.
        timer?.dispose()
        #expect(scheduler.run())
    }

    @Test("A run that empties the queue within its limit records nothing and returns true")
    func runWithinItsLimit() {
        let scheduler = TestScheduler()
        for delay in 1...5 { scheduler.schedule(afterDelay: Double(delay)) {} }
        let issues = IssueLog()
        var finished = false
        issues.capture { finished = scheduler.run(maximumActions: 5) }
        #expect(finished)
        #expect(issues.messages.isEmpty)
    }

    @Test("start { } past the action limit records the failure at the start call")
    func startPastItsLimitRecordsAtTheCall() {
        let scheduler = TestScheduler()
        let issues = IssueLog()
        let line = #line + 2
        issues.capture {
            let recorder = scheduler.start { Signal<Date, Never>.interval(1, on: scheduler) }
            #expect(recorder.values.count == 100_000 - 1)
            recorder.dispose()
        }
        #expect(issues.lines == [line])
    }

    @Test("Times are written as offsets from the start, in seconds or as a Duration")
    func offsetsFromTheStart() {
        let scheduler = TestScheduler()
        let start = scheduler.startDate
        let log = ActionLog()
        scheduler.schedule(at: 1.2) { log.append("seconds", at: scheduler) }
        scheduler.schedule(at: .milliseconds(2500)) { log.append("duration", at: scheduler) }
        scheduler.advance(to: 1.2)
        #expect(log.all == ["seconds@1.2"])
        scheduler.advance(to: .seconds(2))
        #expect(scheduler.elapsed == 2)
        scheduler.advance(by: .milliseconds(500))
        #expect(log.all == ["seconds@1.2", "duration@2.5"])
        #expect(scheduler.date(at: 2.5) == start.addingTimeInterval(2.5))
        #expect(scheduler.date(at: .seconds(3)) == start.addingTimeInterval(3))
        #expect(scheduler.time(of: scheduler.now) == 2.5)
    }

    @Test("Recorded events read back as times from the start: at 1.2")
    func timedEventsReadAsOffsets() {
        // A start far from the reference date: its dates cannot hold 0.4 exactly, and the
        // comparison allows for that.
        let scheduler = TestScheduler(startDate: Date(timeIntervalSince1970: 1_000))
        let subject = Subject<String, TestError>()
        let recorder = scheduler.record(subject.signal)
        scheduler.schedule(at: 0.4) { subject.send(.next("a")) }
        scheduler.schedule(at: 1.2) { subject.send(.next("b")) }
        scheduler.schedule(at: .seconds(3)) { subject.send(.error(.boom)) }
        scheduler.run()
        #expect(
            recorder.timedEvents == [
                .next("a", at: 0.4), .next("b", at: .milliseconds(1200)), .error(.boom, at: 3),
            ])
        #expect(recorder.timedEvents != [.next("a", at: 0.4), .next("b", at: 1.3), .error(.boom, at: 3)])
        #expect(recorder.timedEvents.first?.description == "next(a) at 0.4")
    }

    @Test("Times an hair apart, such as 0.1 + 0.2 and 0.3, are the same time")
    func timedEventsTolerateRounding() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start { Signal<String, Never>.just("a").delay(0.1).delay(0.2) }
        #expect(recorder.timedEvents == [.next("a", at: 0.3), .completed(at: 0.3)])
    }

    @Test("A disposed action releases its closure at once, before the clock reaches it")
    func disposedActionReleasesItsClosure() {
        final class Resource: Sendable {}
        let scheduler = TestScheduler()
        weak var weakResource: Resource?
        var disposable: (any Disposable)?
        do {
            let resource = Resource()
            weakResource = resource
            disposable = scheduler.schedule(afterDelay: 10) { withExtendedLifetime(resource) {} }
        }
        #expect(weakResource != nil)
        disposable?.dispose()
        #expect(weakResource == nil)
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("A disposed repeating action releases its closure at once")
    func disposedRepeatingActionReleasesItsClosure() {
        final class Resource: Sendable {}
        let scheduler = TestScheduler()
        weak var weakResource: Resource?
        var disposable: (any Disposable)?
        do {
            let resource = Resource()
            weakResource = resource
            disposable = scheduler.schedule(after: scheduler.now, repeatingEvery: 1) {
                withExtendedLifetime(resource) {}
            }
        }
        scheduler.advance(by: 3)
        #expect(weakResource != nil)
        disposable?.dispose()
        #expect(weakResource == nil)
    }
}
