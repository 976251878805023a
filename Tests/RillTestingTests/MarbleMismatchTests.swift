import Foundation
import Rill
import RillTesting
import Testing

/// Records `events` at the given frames on `scheduler`'s clock.
private func recorder<Value, Failure>(
    on scheduler: TestScheduler, _ events: [(frame: Double, event: Event<Value, Failure>)]
) -> EventRecorder<Value, Failure> {
    let recorder = EventRecorder<Value, Failure>(clock: scheduler)
    for (frame, event) in events {
        scheduler.advance(to: scheduler.startDate.addingTimeInterval(frame * scheduler.frameDuration))
        recorder.append(event)
    }
    return recorder
}

@Suite("Comparing events with marbles")
struct MarbleMismatchTests {
    @Test("Matching events produce no mismatch and expectMarbles passes")
    func match() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-(bc)-|")
        let recorded = scheduler.start { source.signal }
        #expect(try recorded.marbleMismatch(expected: "- a - (b c) - |") == nil)
        #expect(expectMarbles(recorded, "-a-(bc)-|"))
    }

    @Test("A timing difference shows both marbles aligned and both event lists")
    func timingDifferenceMessage() throws {
        let scheduler = TestScheduler()
        let actual = recorder(
            on: scheduler, [(1, .next("a")), (4, .next("b")), (5, Event<String, Never>.completed)])
        let mismatch = try #require(try actual.marbleMismatch(expected: "-a-b-|"))
        #expect(mismatch.expected == ["-a-b-|"])
        #expect(mismatch.actual == ["-a--b|"])
        #expect(
            mismatch.message == """
                events differ: expected next(b) at frame 3, got next(b) at frame 4
                expected: -a-b-|
                actual:   -a--b|
                expected events:
                  frame 1: next(a)
                  frame 3: next(b)
                  frame 5: completed
                actual events:
                  frame 1: next(a)
                  frame 4: next(b)
                  frame 5: completed
                """)
        #expect(mismatch.description == mismatch.message)
    }

    @Test("Groups are aligned by padding the other line with spaces")
    func groupAlignment() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(1, .next("a")), (2, Event<String, Never>.completed)])
        let mismatch = try #require(try actual.marbleMismatch(expected: "-(ab)|"))
        #expect(mismatch.expected == ["-(ab)|"])
        #expect(mismatch.actual == ["-a   |"])
        #expect(mismatch.summary == "events differ: expected next(b) at frame 1, got completed at frame 2")
        // The padded line is still a valid marble for the same events.
        #expect(try MarbleDiagram(parsing: mismatch.actual[0]).description == "-a|")
    }

    @Test("Missing and extra events are reported as 'no more events'")
    func missingAndExtraEvents() throws {
        let scheduler = TestScheduler()
        let short = recorder(on: scheduler, [(1, Event<String, Never>.next("a"))])
        let missing = try #require(try short.marbleMismatch(expected: "-a|"))
        #expect(missing.summary == "events differ: expected completed at frame 2, got no more events")

        let extra = try #require(try short.marbleMismatch(expected: ""))
        #expect(extra.summary == "events differ: expected no more events, got next(a) at frame 1")
        #expect(extra.message.contains("expected events:\n  (none)\nactual events:\n  frame 1: next(a)"))
    }

    @Test("Values are compared through the values dictionary")
    func valuesDictionary() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(0, Event<Double, Never>.next(1.5)), (1, .next(2.5))])
        #expect(try actual.marbleMismatch(expected: "xy", values: ["x": 1.5, "y": 2.5]) == nil)
        let mismatch = try #require(try actual.marbleMismatch(expected: "xx", values: ["x": 1.5, "y": 2.5]))
        #expect(mismatch.summary == "events differ: expected next(1.5) at frame 1, got next(2.5) at frame 1")
        #expect(mismatch.actual == ["xy"])
    }

    @Test("A value with no marble character is drawn as '?' and listed in full")
    func unknownValue() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(1, Event<Int, Never>.next(42))])
        let mismatch = try #require(try actual.marbleMismatch(expected: "-4"))
        #expect(mismatch.actual == ["-?"])
        #expect(
            mismatch.message.contains(
                "  frame 1: next(42) (no marble character for this value; drawn as '?')"))
    }

    @Test("'#' matches an equal failure, or any failure when no error: is given")
    func equatableFailures() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(2, Event<String, TestError>.error(.boom))])
        #expect(try actual.marbleMismatch(expected: "--#", error: .boom) == nil)
        #expect(try actual.marbleMismatch(expected: "--#") == nil)
        let mismatch = try #require(try actual.marbleMismatch(expected: "--#", error: .bang))
        #expect(
            mismatch.summary == "events differ: expected error(bang) at frame 2, got error(boom) at frame 2")
        let anyFailure = try #require(try actual.marbleMismatch(expected: "-#"))
        #expect(
            anyFailure.summary
                == "events differ: expected error (any failure) at frame 1, got error(boom) at frame 2")
    }

    @Test("Failures that are not Equatable are compared by description")
    func opaqueFailures() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(0, Event<String, OpaqueError>.error(OpaqueError(code: 1)))])
        #expect(try actual.marbleMismatch(expected: "#", error: OpaqueError(code: 1)) == nil)
        #expect(try actual.marbleMismatch(expected: "#", error: OpaqueError(code: 2)) != nil)
    }

    @Test("Completion and failure are different events")
    func completionIsNotFailure() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(1, Event<String, TestError>.completed)])
        let mismatch = try #require(try actual.marbleMismatch(expected: "-#"))
        #expect(mismatch.expected == ["-#"])
        #expect(mismatch.actual == ["-|"])
    }

    @Test("An event between frames never matches and its position is shown exactly")
    func offFrameEvent() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(2.5, Event<String, Never>.next("a"))])
        let mismatch = try #require(try actual.marbleMismatch(expected: "--a"))
        #expect(mismatch.summary == "events differ: expected next(a) at frame 2, got next(a) at frame 2.5")
    }

    @Test("Frame positions follow the scheduler's frame duration")
    func customFrameDuration() throws {
        let scheduler = TestScheduler(frameDuration: 0.1)
        let actual = recorder(on: scheduler, [(3, Event<String, Never>.next("a")), (7, .completed)])
        #expect(try actual.marbleMismatch(expected: "---a---|") == nil)
        #expect(try actual.marbleMismatch(expected: "----a--|") != nil)
    }

    @Test("A malformed expected marble throws a syntax error naming the column")
    func malformedExpectation() throws {
        let scheduler = TestScheduler()
        let actual = recorder(on: scheduler, [(0, Event<Int, Never>.completed)])
        let subscriptionPoint = #expect(throws: MarbleSyntaxError.self) {
            try actual.marbleMismatch(expected: "-^-|")
        }
        #expect(subscriptionPoint?.column == 2)
        #expect(subscriptionPoint?.reason.hasPrefix("'^' is not allowed in an expected marble") == true)
        let missingValue = #expect(throws: MarbleSyntaxError.self) {
            try actual.marbleMismatch(expected: "-z|", values: [:])
        }
        #expect(missingValue?.description == #"marble "-z|" column 2: no value for 'z'; add it to values:"#)
    }

    @Test("A recorder without a TestScheduler clock is reported, not compared")
    func recorderWithoutClock() throws {
        let recorded = Signal<Int, Never>.just(1).record()
        let mismatch = try #require(try recorded.marbleMismatch(expected: "(1|)"))
        #expect(
            mismatch.summary.hasPrefix("cannot compare marbles: the recorder's clock is not a TestScheduler"))
    }
}

@Suite("Comparing subscriptions with marbles")
struct SubscriptionMismatchTests {
    @Test("Matching subscriptions produce no mismatch and expectSubscriptions passes")
    func match() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-|")
        _ = scheduler.record(source.signal, subscribeAt: 0)
        _ = scheduler.record(source.signal, subscribeAt: 2, disposeAt: 3)
        scheduler.run()
        #expect(try source.subscriptionMismatch(expected: ["^--!", "--^!"]) == nil)
        #expect(source.subscriptionMarbles == ["^--!", "--^!"])
        #expect(expectSubscriptions(source, ["^--!", "--^!"]))
    }

    @Test("A difference shows every subscription, expected and actual, aligned")
    func differenceMessage() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("-a-b-c-|")
        _ = scheduler.record(source.signal, subscribeAt: 0, disposeAt: 3)
        _ = scheduler.record(source.signal, subscribeAt: 2)
        scheduler.run()
        let mismatch = try #require(try source.subscriptionMismatch(expected: ["^---!", "--^----!"]))
        #expect(mismatch.expected == ["^---!", "--^----!"])
        #expect(mismatch.actual == ["^--!", "--^----!"])
        #expect(
            mismatch.message == """
                subscriptions differ (expected 2, got 2): subscription 1 expected from frame 0 to frame 4, got from frame 0 to frame 3
                expected: ^---!
                          --^----!
                actual:   ^--!
                          --^----!
                """)
    }

    @Test("A missing subscription and a subscription that never ended are reported")
    func missingAndOpenSubscriptions() throws {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a--")
        let recorder = scheduler.record(source.signal, subscribeAt: 1)
        defer { recorder.dispose() }
        scheduler.run()
        let open = try #require(try source.subscriptionMismatch(expected: ["-^--!"]))
        #expect(
            open.summary.hasSuffix(
                "subscription 1 expected from frame 1 to frame 4, got from frame 1, not disposed"))
        let missing = try #require(try source.subscriptionMismatch(expected: ["-^", "--^"]))
        #expect(
            missing.summary
                == "subscriptions differ (expected 2, got 1): subscription 2 expected from frame 2, not disposed, got no subscription"
        )
        let none = try #require(try source.subscriptionMismatch(expected: []))
        #expect(none.message.contains("expected: (none)"))
    }

    @Test("A subscription marble must have '^' and no events")
    func malformedSubscriptionMarbles() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a|")
        let noSubscription = #expect(throws: MarbleSyntaxError.self) {
            try source.subscriptionMismatch(expected: ["---!"])
        }
        #expect(noSubscription?.reason == "a subscription marble needs a '^' for the subscription point")
        let event = #expect(throws: MarbleSyntaxError.self) {
            try source.subscriptionMismatch(expected: ["^-a-!"])
        }
        #expect(event?.column == 3)
    }
}
