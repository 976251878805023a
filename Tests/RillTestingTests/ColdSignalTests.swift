import Foundation
import Rill
import RillTesting
import Testing

@Suite("Cold signals")
struct ColdSignalTests {
    @Test("A cold signal sends its events at their frames from the subscription")
    func eventsAtFrames() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.start { source.signal }
        #expect(recorder.values == ["a", "b"])
        #expect(recorder.isCompleted)
        #expect(recorder.records.map { $0.time?.timeIntervalSince(scheduler.startDate) } == [1, 3, 5])
        #expect(recorder.marble == "-a-b-|")
    }

    @Test("Frames count from each subscription, so later subscribers see the events later")
    func timedFromEachSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-|")
        let first = scheduler.record(source.signal, subscribeAt: 0)
        let second = scheduler.record(source.signal, subscribeAt: 2)
        scheduler.run()
        #expect(first.marble == "-a-|")
        #expect(second.marble == "---a-|")
        #expect(source.subscriptionMarbles == ["^--!", "--^--!"])
    }

    @Test("Events at frame zero arrive at the subscription's own frame, grouped events in order")
    func frameZeroAndGroups() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("(ab)-(c|)")
        let recorder = scheduler.start(subscribeAt: 2) { source.signal }
        #expect(recorder.events == [.next("a"), .next("b"), .next("c"), .completed])
        #expect(recorder.marble == "--(ab)-(c|)")
    }

    @Test("Values are looked up in the values dictionary")
    func valuesDictionary() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-x-y|", values: ["x": [1, 2], "y": [3]])
        let recorder = scheduler.start { source.signal }
        #expect(recorder.values == [[1, 2], [3]])
    }

    @Test("'#' sends the error: argument")
    func errorArgument() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-1-#", values: ["1": 1], error: TestError.boom)
        let recorder = scheduler.start { source.signal }
        #expect(recorder.events == [.next(1), .error(.boom)])
        #expect(recorder.records.last?.time == scheduler.date(ofFrame: 3))
    }

    @Test("Digits stand for themselves in a signal of Int, letters in a signal of Character")
    func builtInValues() {
        let scheduler = TestScheduler()
        let numbers: ColdSignal<Int, Never> = scheduler.createColdSignal("1-2-(34)|")
        let characters: ColdSignal<Character, TestError> = scheduler.createColdSignal("x#", error: .bang)
        let numberRecorder = scheduler.record(numbers.signal)
        let characterRecorder = scheduler.record(characters.signal)
        scheduler.run()
        #expect(numberRecorder.values == [1, 2, 3, 4])
        #expect(characterRecorder.events == [.next("x"), .error(.bang)])
    }

    @Test("Without a type annotation a marble makes a signal of String that cannot fail")
    func defaultValueType() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("a|")
        let signal: Signal<String, Never> = source.signal
        #expect(scheduler.start { signal }.values == ["a"])
    }

    @Test("Disposing a subscription cancels the rest of its events and logs the disposal")
    func disposalCancelsAndIsLogged() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let recorder = scheduler.start(subscribeAt: 1, disposeAt: 5) { source.signal }
        #expect(recorder.marble == "--a-b")
        #expect(!recorder.isTerminated)
        #expect(source.subscriptions == [TestSubscription(subscribedAt: 1, disposedAt: 5)])
        #expect(scheduler.queuedActionCount == 0)
    }

    @Test("A terminal event ends the subscription in the log at its frame")
    func terminalEventIsLoggedAsDisposal() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("--#", error: TestError.boom)
        scheduler.start(subscribeAt: 3) { source.signal }
        #expect(source.subscriptionMarbles == ["---^-!"])
    }

    @Test("A subscription that never ends is logged without a disposal")
    func openSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a--")
        let recorder = scheduler.start(subscribeAt: 1) { source.signal }
        #expect(source.subscriptions == [TestSubscription(subscribedAt: 1)])
        #expect(source.subscriptionMarbles == ["-^"])
        recorder.dispose()
    }

    @Test("Events are delivered on the test scheduler")
    func deliveredOnTheTestScheduler() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b|")
        let log = ActionLog()
        scheduler.schedule {
            source.signal.subscribe(next: { value in
                log.append(Schedulers.current === scheduler ? value : "elsewhere")
            })
        }
        scheduler.run()
        #expect(log.all == ["a", "b"])
    }

    @Test("A malformed cold marble stops the process with the marble and column")
    func malformedMarble() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler().createColdSignal("-a-^-b")
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains(#"TestScheduler.createColdSignal: marble "-a-^-b" column 4: '^' is not allowed"#))
    }

    @Test("A character missing from values stops the process with the marble and column")
    func missingValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = TestScheduler().createColdSignal("-a-b|", values: ["a": 1])
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains(#"marble "-a-b|" column 4: no value for 'b'"#))
    }
}
