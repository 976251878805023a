import Rill
import RillTesting
import Testing

/// The examples in RillTesting's documentation comments, run as written.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("TestScheduler: an action five seconds away runs after exactly five virtual seconds")
    func testSchedulerExample() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<String, Never>(clock: scheduler)
        scheduler.schedule(afterDelay: 5) { recorder.append(.next("fired")) }
        scheduler.advance(by: 4)
        #expect(recorder.values == [])
        scheduler.advance(by: 1)
        #expect(recorder.values == ["fired"])
        #expect(scheduler.elapsed == 5)
    }

    @Test("ColdSignal: a subscription at frame 2 sees the events shifted by two frames")
    func coldSignalExample() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-|")
        let recorder = scheduler.start(subscribeAt: 2) { source.signal }
        #expect(expectMarbles(recorder, "---a-b-|"))
        #expect(expectSubscriptions(source, ["--^----!"]))
    }

    @Test("HotSignal: a subscriber at frame 3 sees only what happens from then on")
    func hotSignalExample() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("-a-^-b-c-|")
        let recorder = scheduler.start(subscribeAt: 3) { source.signal }
        #expect(expectMarbles(recorder, "----c-|"))
    }

    @Test("expectMarbles with values: mapped values are looked up in the dictionary")
    func expectMarblesExample() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
        let recorder = scheduler.start { source.signal }
        #expect(expectMarbles(recorder, "-x-y-|", values: ["x": 1, "y": 2]))
    }

    @Test("expectSubscriptions: disposal at frame 3 of a subscription made at frame 1")
    func expectSubscriptionsExample() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-|")
        scheduler.start(subscribeAt: 1, disposeAt: 3) { source.signal }
        #expect(expectSubscriptions(source, ["-^-!"]))
    }

    @Test("EventRecorder.marble draws what a subscription received")
    func marbleExample() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start { scheduler.createColdSignal("-a-b-|").signal }
        #expect(recorder.marble == "-a-b-|")
    }

    @Test("record(_:subscription:) then run()")
    func recordExample() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("a-b-c-d-|")
        let recorder = scheduler.record(source.signal, subscription: "--^---!")
        scheduler.run()
        #expect(expectMarbles(recorder, "--a-b-"))
    }
}
