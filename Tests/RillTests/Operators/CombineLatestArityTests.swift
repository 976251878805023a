import Rill
import RillTesting
import Testing

@Suite("combineLatest of two to six signals of their own types")
struct CombineLatestArityTests {
    @Test("sends a tuple once each has sent, then on every value, with each input's type")
    func tuplesOfTheirOwnTypes() {
        let numbers = Subject<Int, TestError>()
        let words = Subject<String, TestError>()
        let flags = Subject<Bool, TestError>()
        let recorder = Signal.combineLatest(numbers.signal, words.signal, flags.signal)
            .map { "\($0) \($1) \($2)" }
            .record()
        numbers.sendNext(1)
        words.sendNext("a")
        numbers.sendNext(2)
        flags.sendNext(true)
        words.sendNext("b")
        #expect(recorder.events == [.next("2 a true"), .next("2 b true")])
        recorder.dispose()
    }

    @Test("completes when every input has completed, even one that never sent a value")
    func completesWhenAllComplete() {
        let first = Subject<Int, TestError>()
        let second = Subject<Int, TestError>()
        let third = Subject<Int, TestError>()
        let fourth = Subject<Int, TestError>()
        let recorder = Signal.combineLatest(first.signal, second.signal, third.signal, fourth.signal)
            .map { $0 + $1 + $2 + $3 }
            .record()
        first.sendNext(1)
        first.sendCompleted()
        second.sendCompleted()
        third.sendCompleted()
        #expect(recorder.events.isEmpty)
        fourth.sendCompleted()
        #expect(recorder.events == [.completed])
    }

    @Test("an error from any input ends it at once and disposes the others")
    func errorEndsIt() {
        let first = Subject<Int, TestError>()
        let disposed = Counter()
        let second = Signal<Int, TestError>(producer: { _, lifetime in
            lifetime.add { disposed.increment() }
        })
        let recorder = Signal.combineLatest(first.signal, second, Signal<Int, TestError>.just(3))
            .map { $0 + $1 + $2 }
            .record()
        first.sendError(.boom)
        #expect(recorder.events == [.error(.boom)])
        #expect(disposed.value == 1)
    }

    @Test("inputs are subscribed in order, and not after the result has ended")
    func subscribedInOrderUntilTheEnd() {
        let log = Locked<[String]>([])
        func input(_ name: String, failing: Bool = false) -> Signal<Int, TestError> {
            Signal.defer {
                log.append(name)
                return failing ? .error(.boom) : .never
            }
        }
        let recorder = Signal.combineLatest(
            input("a"), input("b"), input("c", failing: true), input("d"), input("e"), input("f")
        ).map { $0 + $1 + $2 + $3 + $4 + $5 }.record()
        #expect(log.value == ["a", "b", "c"])
        #expect(recorder.events == [.error(.boom)])
    }
}
