import Foundation
import Rill
import RillTesting
import Testing

@Suite("Hot signals")
struct HotSignalTests {
    @Test("Hot events happen at absolute frames; a late subscriber misses the earlier ones")
    func absoluteFrames() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("-a-b-c-|")
        let early = scheduler.record(source.signal, subscribeAt: 0)
        let late = scheduler.record(source.signal, subscribeAt: 4)
        scheduler.run()
        #expect(early.marble == "-a-b-c-|")
        #expect(late.marble == "-----c-|")
    }

    @Test("'^' is frame zero and events drawn before it are never sent")
    func subscriptionPointIsFrameZero() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("-a-^-b-c-|")
        let recorder = scheduler.start(subscribeAt: 3) { source.signal }
        #expect(recorder.marble == "----c-|")
        #expect(source.subscriptionMarbles == ["---^--!"])
    }

    @Test("All subscribers share the same events at the same times")
    func shared() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("^-1-2-3|", values: ["1": 1, "2": 2, "3": 3])
        let first = scheduler.record(source.signal, subscribeAt: 1)
        let second = scheduler.record(source.signal, subscribeAt: 1)
        scheduler.run()
        #expect(first.values == [1, 2, 3])
        #expect(first.records.map(\.time) == second.records.map(\.time))
        #expect(second.values == [1, 2, 3])
    }

    @Test("An event and a subscription at the same frame happen in the order they were queued")
    func sameFrameOrder() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("--a-b|")
        let recorder = scheduler.record(source.signal, subscribeAt: 2)
        scheduler.run()
        #expect(recorder.marble == "----b|")
    }

    @Test("A subscriber arriving after the terminal event receives it at once")
    func lateSubscriberAfterTermination() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("-a-#", error: TestError.boom)
        let recorder = scheduler.record(source.signal, subscribeAt: 5)
        scheduler.run()
        #expect(recorder.events == [.error(.boom)])
        #expect(recorder.marble == "-----#")
        #expect(source.subscriptionMarbles == ["-----(^!)"])
    }

    @Test("Disposing a subscription stops its events and logs the disposal; others continue")
    func disposal() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotSignal("-a-b-c-|")
        let disposed = scheduler.record(source.signal, subscribeAt: 0, disposeAt: 4)
        let kept = scheduler.record(source.signal, subscribeAt: 2)
        scheduler.run()
        #expect(disposed.marble == "-a-b")
        #expect(kept.marble == "---b-c-|")
        #expect(source.subscriptionMarbles == ["^---!", "--^----!"])
    }

    @Test("A hot signal created after the clock moved on drops events already in the past")
    func createdLate() {
        let scheduler = TestScheduler()
        scheduler.advance(toFrame: 3)
        let source = scheduler.createHotSignal("-a-b-c|")
        let recorder = EventRecorder<String, Never>(clock: scheduler)
        recorder.subscribe(to: source.signal)
        scheduler.run()
        #expect(recorder.marble == "---b-c|")
    }

    @Test("Frame-sized events follow the scheduler's frame duration")
    func frameDuration() {
        let scheduler = TestScheduler(frameDuration: 0.01)
        let source = scheduler.createHotSignal("^-a--|")
        let recorder = scheduler.start { source.signal }
        #expect(recorder.marble == "--a--|")
        #expect(abs(scheduler.elapsed - 0.05) < 1e-9)
    }
}
