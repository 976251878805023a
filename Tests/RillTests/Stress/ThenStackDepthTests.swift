import Rill
import RillTesting
import Testing

/// Chains of `then` built the way a program builds them, in a loop, left-nested.
@Suite("then chains", .serialized)
struct ThenStackDepthTests {
    static let million = TestScale.scaled(1_000_000)
    static let hundredThousand = TestScale.scaled(100_000)

    @Test("1,000,000 thens built one by one subscribe, run, end and are released on a 512 KiB stack")
    func millionThens() async {
        let values = Locked<[Int]>([])
        let completions = Counter()
        let calls = Counter()
        await onSmallStack {
            var chain = Signal<Int, Never>.just(-1)
            for index in 0..<Self.million {
                chain = chain.then {
                    calls.increment()
                    return .just(index)
                }
            }
            chain.subscribe(next: { values.append($0) }, completed: { completions.increment() })
        }
        #expect(values.value == [Self.million - 1])
        #expect(completions.value == 1)
        #expect(calls.value == Self.million)
    }

    @Test("a chain of 100,000 thens folded from a signal of another type runs on a 512 KiB stack")
    func foldedFromAnotherType() async {
        let values = Locked<[String]>([])
        await onSmallStack {
            let start = Signal<Void, Never>.empty.then { Signal<String, Never>.just("start") }
            let chain = (0..<Self.hundredThousand).reduce(start) { chain, index in
                chain.then { .just("step \(index)") }
            }
            chain.subscribe(next: { values.append($0) })
        }
        #expect(values.value == ["step \(Self.hundredThousand - 1)"])
    }

    @Test("a failure in the middle of a 100,000-then chain ends it there, and no later step is made")
    func failureInTheMiddle() async {
        let recorder = EventRecorder<Int, TestError>()
        let calls = Counter()
        await onSmallStack {
            var chain = Signal<Int, TestError>.just(0)
            for index in 0..<Self.hundredThousand {
                chain = chain.then {
                    calls.increment()
                    return index == Self.hundredThousand / 2 ? .error(.tagged(index)) : .just(index)
                }
            }
            recorder.subscribe(to: chain)
        }
        #expect(recorder.failure == .tagged(Self.hundredThousand / 2))
        #expect(recorder.values.isEmpty)
        #expect(calls.value == Self.hundredThousand / 2 + 1)
    }

    @Test("releasing a 1,000,000-then chain without subscribing does not overflow")
    func releaseWithoutSubscribing() async {
        let built = Counter()
        await onSmallStack {
            var chain = Signal<Int, Never>.empty
            for index in 0..<Self.million { chain = chain.then { .just(index) } }
            built.increment()
        }
        #expect(built.value == 1)
    }

    @Test("10,000 thens whose steps each end later, on the virtual clock, run in order")
    func asynchronousSteps() async {
        let scheduler = TestScheduler()
        let order = Locked<[Int]>([])
        let recorder = EventRecorder<Int, Never>()
        await onSmallStack {
            var chain = Signal<Int, Never>.empty
            for index in 0..<10_000 {
                chain = chain.then {
                    order.append(index)
                    return Signal.just(index).delay(1, on: scheduler)
                }
            }
            recorder.subscribe(to: chain)
            scheduler.run()
        }
        #expect(order.value == Array(0..<10_000))
        #expect(recorder.values == [9_999])
        #expect(recorder.isCompleted)
    }

    @Test("extending a then chain never changes a copy of it")
    func copiesAreNotChanged() {
        var chain = Signal<Int, Never>.just(0).then { .just(1) }
        let copy = chain
        chain = chain.then { .just(2) }
        #expect(copy.record().values == [1])
        #expect(chain.record().values == [2])
        #expect(copy.concat(.just(9)).record().values == [1, 9])
    }

    @Test("a then after a concat ignores the values of every part of it")
    func thenAfterConcat() {
        let chain = Signal<Int, Never>.just(1).concat(.just(2)).then { .just(3) }.then { .just(4) }
        #expect(chain.record().values == [4])
        let extended = Signal<Int, Never>.just(0).then { .just(1) }.concat(.just(2)).then { .just(3) }
        #expect(extended.record().values == [3])
        let concatenated = Signal<Int, Never>.just(0).then { .just(1) }.concat(.just(2))
        #expect(concatenated.record().values == [1, 2])
    }
}
