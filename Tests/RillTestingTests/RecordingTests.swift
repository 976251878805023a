import Foundation
import Rill
import RillTesting
import Testing

@Suite("Recording on the virtual clock")
struct RecordingTests {
    @Test("record(_:) queues the subscription; nothing is received until the scheduler runs")
    func recordWaitsForTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = scheduler.record(Signal<Int, Never>.just(1), subscribeAt: 2)
        #expect(recorder.events.isEmpty)
        scheduler.advance(toFrame: 1)
        #expect(recorder.events.isEmpty)
        scheduler.advance(toFrame: 2)
        #expect(recorder.events == [.next(1), .completed])
        #expect(recorder.records.first?.time == scheduler.date(ofFrame: 2))
    }

    @Test("record(_:subscription:) subscribes at '^' and disposes at '!'")
    func recordWithSubscriptionMarble() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("a-b-c-d|")
        let recorder = scheduler.record(source.signal, subscription: "-^ --!")
        scheduler.run()
        #expect(recorder.marble == "-a-b")
        #expect(source.subscriptionMarbles == ["-^--!"])
    }

    @Test("start(subscribeAt:disposeAt:) runs everything and returns the recorder")
    func startRunsEverything() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start(subscribeAt: 1, disposeAt: 10) {
            Signal<Int, Never>.create { subscriber in
                let timer = scheduler.schedule(after: scheduler.now, repeatingEvery: 3) {
                    subscriber.sendNext(Int(scheduler.elapsed))
                }
                return timer
            }
        }
        #expect(recorder.values == [1, 4, 7])
        #expect(scheduler.queuedActionCount == 0)
        #expect(scheduler.elapsed == 10)
    }

    @Test("The subscription runs on the test scheduler")
    func subscriptionRunsOnTheTestScheduler() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start {
            Signal<Bool, Never>.defer { .just(Schedulers.current === scheduler) }
        }
        #expect(recorder.values == [true])
    }

    @Test(
        "Recorded events render back to the marble that produced them",
        arguments: [
            "-a-b-|", "(ab)--c", "---", "#", "-a(bc)d-(e|)", "1-2-3|",
        ])
    func renderingRoundTrip(marble: String) {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal(marble, error: TestError.boom)
        let recorder = scheduler.start { source.signal }
        #expect(recorder.marble == (try? MarbleDiagram(parsing: marble).description))
        recorder.dispose()
    }

    @Test("Rendering with a values dictionary draws each value with its character")
    func renderingWithValues() {
        let scheduler = TestScheduler()
        let values: [Character: Double] = ["x": 0.5, "y": 1.5]
        let source = scheduler.createColdSignal("-x-y|", values: values)
        let recorder = scheduler.start { source.signal }
        #expect(recorder.marble(values: values) == "-x-y|")
        #expect(recorder.marble(values: ["x": 0.5]) == "-x-?|")
    }

    @Test("Values without a marble character are drawn as '?'")
    func unknownValues() {
        let scheduler = TestScheduler()
        let recorder = scheduler.start { Signal<Int, Never>.from([7, 42]) }
        #expect(recorder.marble == "(7?|)")
    }

    @Test("An event between frames is drawn at the frame before it")
    func offFrameRendering() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<String, Never>(clock: scheduler)
        scheduler.advance(by: 2.5)
        recorder.append(.next("a"))
        #expect(recorder.marble == "--a")
    }
}

@Suite("Marble values")
struct MarbleValueTests {
    @Test("Strings, characters and digits stand for themselves")
    func builtInConformances() {
        #expect(String(marbleCharacter: "a") == "a")
        #expect(Character(marbleCharacter: "b") == "b")
        #expect(Int(marbleCharacter: "7") == 7)
        #expect(Int(marbleCharacter: "x") == nil)
        #expect("a".marbleCharacter == "a")
        #expect("ab".marbleCharacter == nil)
        #expect(Character("-").marbleCharacter == nil)
        #expect(9.marbleCharacter == "9")
        #expect(10.marbleCharacter == nil)
        #expect((-1).marbleCharacter == nil)
    }

    enum Light: MarbleValue {
        case red, green

        init?(marbleCharacter character: Character) {
            switch character {
            case "r": self = .red
            case "g": self = .green
            default: return nil
            }
        }

        var marbleCharacter: Character? { self == .red ? "r" : "g" }
    }

    @Test("A custom MarbleValue type needs no values dictionary")
    func customConformance() {
        let scheduler = TestScheduler()
        let source: ColdSignal<Light, Never> = scheduler.createColdSignal("r-g-r|")
        let recorder = scheduler.start { source.signal }
        #expect(recorder.values == [.red, .green, .red])
        #expect(recorder.marble == "r-g-r|")
        #expect(expectMarbles(recorder, "r-g-r|"))
    }
}

@MainActor
@Suite("expectStackSafeChain from main-actor code")
struct StackSafeChainMainActorTests {
    @Test("the async form is awaited from a main-actor test, and the chain runs off the main actor")
    func asyncFormFromTheMainActor() async {
        await expectStackSafeChain(depth: 1_000) { (chain: Signal<Int, Never>) in
            chain.map { $0 }.filter { _ in !Thread.isMainThread }
        }
    }
}
