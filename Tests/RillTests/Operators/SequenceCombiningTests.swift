import Rill
import RillTesting
import Testing

/// A sequence that can be iterated only once, as a stream of signals read from elsewhere is.
struct SinglePass<Element>: Sequence, IteratorProtocol {
    var remaining: [Element]

    mutating func next() -> Element? {
        remaining.isEmpty ? nil : remaining.removeFirst()
    }
}

/// A view model that combines signals it keeps in a lazy collection, as user code on the main
/// actor does.
@MainActor
final class ScoreBoard {
    let scores: [Int]
    var results: [String] = []

    init(scores: [Int]) {
        self.scores = scores
    }

    var signals: LazyMapSequence<[Int], Signal<Int, Never>> {
        scores.lazy.map { Signal<Int, Never>.just($0) }
    }

    func collect<Value: Sendable>(_ signal: Signal<Value, Never>) -> [Value] {
        let values = Locked<[Value]>([])
        signal.subscribe(next: { values.append($0) })
        return values.value
    }

    func run() {
        results.append("\(collect(Signal.zip(signals)))")
        results.append("\(collect(Signal.combineLatest(signals)))")
        results.append("\(collect(Signal.merge(signals)))")
        results.append("\(collect(Signal.concat(signals)))")
        results.append("\(collect(Signal.zip(signals, reduce: { $0.reduce(0, +) })))")
        results.append("\(collect(Signal.combineLatest(signals, reduce: { $0.max() ?? 0 })))")
    }
}

@Suite("Combining any sequence of signals")
struct SequenceCombiningTests {
    @Test("zip, combineLatest, merge and concat accept a lazy sequence from main-actor code")
    @MainActor
    func lazySequenceOnMainActor() {
        let board = ScoreBoard(scores: [3, 1, 2])
        board.run()
        #expect(board.results == ["[[3, 1, 2]]", "[[3, 1, 2]]", "[3, 1, 2]", "[3, 1, 2]", "[6]", "[3]"])
    }

    @Test(
        "a single-pass sequence is read once, when the operator is called, so every subscription sees it all")
    func singlePassIsReadOnce() {
        let signals = { SinglePass(remaining: [Signal<Int, Never>.just(1), .just(2)]) }
        let operators: [Signal<[Int], Never>] = [
            Signal.zip(signals()), Signal.combineLatest(signals()),
            Signal.merge(signals()).collect(), Signal.concat(signals()).collect(),
        ]
        for (index, signal) in operators.enumerated() {
            for _ in 0..<2 {
                let values = Locked<[[Int]]>([])
                signal.subscribe(next: { values.append($0) })
                #expect(values.value == [[1, 2]], "operator \(index)")
            }
        }
    }

    @Test("an empty sequence completes at once without a value")
    func emptySequence() {
        let none = EmptyCollection<Signal<Int, Never>>()
        let signals: [Signal<[Int], Never>] = [
            Signal.zip(none), Signal.combineLatest(none), Signal.merge(none).map { [$0] },
            Signal.concat(none).map { [$0] },
        ]
        for signal in signals {
            let events = Locked<[String]>([])
            signal.subscribe(next: { events.append("\($0)") }, completed: { events.append("completed") })
            #expect(events.value == ["completed"])
        }
    }
}
