import Dispatch
import Rill
import RillTesting
import Testing

/// A chain built one link at a time appends to its own storage when nothing else holds it. These
/// tests check that no other copy of a signal, on any thread, ever sees such an append.
@Suite("concat of shared signals")
struct ConcatSharingTests {
    /// `0.concat(1)…concat(count - 1)`, built one link at a time.
    private static func chain(_ count: Int, from start: Int = 0) -> Signal<Int, TestError> {
        var chain = Signal<Int, TestError>.just(start)
        for value in (start + 1)..<(start + count) { chain = chain.concat(.just(value)) }
        return chain
    }

    @Test("concatenating twice onto the same signal leaves it and both results independent")
    func twiceOntoTheSameSignal() {
        let base = Self.chain(3)
        let first = base.concat(.just(10))
        let second = base.concat(.just(20)).concat(.just(21))
        #expect(base.record().values == [0, 1, 2])
        #expect(first.record().values == [0, 1, 2, 10])
        #expect(second.record().values == [0, 1, 2, 20, 21])
    }

    @Test(
        "a copy kept at every length of a long chain still runs exactly its own parts",
        arguments: [1_000, 5_000])
    func copiesAlongALongChain(count: Int) {
        var chain = Signal<Int, TestError>.just(0)
        var copies: [Signal<Int, TestError>] = []
        for value in 1..<count {
            chain = chain.concat(.just(value))
            if value % 97 == 0 { copies.append(chain) }
        }
        #expect(chain.record().values == Array(0..<count))
        for (index, copy) in copies.enumerated() {
            #expect(copy.record().values == Array(0...(97 * (index + 1))))
        }
    }

    @Test("a chain extended while a subscription to it runs leaves that subscription's parts unchanged")
    func extendedWhileRunning() {
        let waiting = ManualSource<Int, TestError>(label: "waiting")
        var chain = Signal<Int, TestError>.just(1).concat(waiting.signal).concat(.just(2))
        let running = chain.record()
        chain = chain.concat(.just(3))
        let extended = chain.record()
        for subscriber in waiting.allSubscribers {
            subscriber.sendNext(9)
            subscriber.sendCompleted()
        }
        #expect(waiting.subscriptions.value == 2)
        #expect(running.events == [.next(1), .next(9), .next(2), .completed])
        #expect(extended.events == [.next(1), .next(9), .next(2), .next(3), .completed])
    }

    @Test("threads extending the same chain at once each get the chain they asked for")
    func concurrentExtension() {
        let base = Self.chain(100)
        let results = Locked<[Int: [Int]]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var extended = base
            for value in 0..<50 { extended = extended.concat(.just(1_000 * (thread + 1) + value)) }
            let values = extended.record().values
            results.withLock { $0[thread] = values }
        }
        #expect(base.record().values == Array(0..<100))
        for thread in 0..<8 {
            let own = (0..<50).map { 1_000 * (thread + 1) + $0 }
            #expect(results.value[thread] == Array(0..<100) + own)
        }
    }

    @Test("a part that captures the chain it is appended to is released with the chain")
    func partCapturingItsChain() {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            var chain = Self.chain(3)
            chain = chain.concat(
                Signal.defer { [chain] in
                    token.touch()
                    return chain
                })
            #expect(chain.record().values == [0, 1, 2, 0, 1, 2])
        }
        #expect(weakToken == nil)
    }

    @Test("the name of a chain is the left-nested -concat: of its parts, at every length")
    func names() {
        /// The name RAC gives `parts` concatenated from the left, rendered to `depth` levels.
        func expected(_ parts: ArraySlice<Int>, depth: Int) -> String {
            guard depth > 0 else { return "…" }
            guard parts.count > 1 else { return "+return: \(parts.first!)" }
            let last = depth > 1 ? "+return: \(parts.last!)" : "…"
            return "[\(expected(parts.dropLast(), depth: depth - 1))] -concat: \(last)"
        }
        for count in [2, 3, 31, 32, 33, 2_000] {
            #expect(Self.chain(count).name == expected(Array(0..<count)[...], depth: SignalName.maximumDepth))
        }
    }

    @Test("a main-actor type extends a chain it stores, and a copy taken earlier keeps its parts")
    @MainActor
    func mainActorStoredChain() {
        let playlist = Playlist()
        playlist.enqueue("a")
        let snapshot = playlist.queue
        playlist.enqueue("b")
        playlist.enqueue("c")
        #expect(snapshot.record().values == ["a"])
        #expect(playlist.queue.record().values == ["a", "b", "c"])
    }
}

@MainActor
private final class Playlist {
    private(set) var queue = Signal<String, Never>.empty

    func enqueue(_ title: String) {
        queue = queue.concat(.just(title))
    }
}
