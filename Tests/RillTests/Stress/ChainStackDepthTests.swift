import Foundation
import Rill
import RillTesting
import Testing

/// Chains of one operator wrapped around a signal over and over, left-nested as a loop builds
/// them, each subscribed, run to its end, disposed and released on a 512 KiB thread: in every
/// row, a recursion of one frame per operator overflows before a thousand.
///
/// A value and the completion travel through a million of each; a failure, which takes the
/// same paths, through a hundred thousand. `RILL_CHAIN_DEPTH` lowers the million for runs under
/// a sanitizer, whose instrumentation makes each operator many times slower. The rows run in two
/// suites, each one chain at a time: two at once keep two cores busy, where a few dozen chains of
/// a million operators at once, with a sanitizer's shadow memory, exhaust the machine's memory.
enum ChainStackDepthTests {
    static let depth = ProcessInfo.processInfo.environment["RILL_CHAIN_DEPTH"].flatMap(Int.init) ?? 1_000_000

    /// One row of the table: an operator applied once, and what a chain of them makes of `just(7)`.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let wrap: @Sendable (Signal<Int, TestError>, Int) -> Signal<Int, TestError>
        /// What the chain sends, given the index of the outermost operator.
        var expectedValues: @Sendable (Int) -> [Int] = { _ in [7] }
        /// Whether a failure of the source reaches the subscriber unchanged.
        var passesFailures = true

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "then", wrap: { chain, index in chain.then { .just(index) } }, expectedValues: { [$0] }),
        Row(name: "merge(with:)", wrap: { chain, _ in chain.merge(with: .empty) }),
        Row(name: "merge(with:), right-nested", wrap: { chain, _ in Signal.empty.merge(with: chain) }),
        Row(name: "flatMap(.merge)", wrap: { chain, _ in chain.flatMap(.merge) { .just($0) } }),
        Row(name: "flatMap(.concat)", wrap: { chain, _ in chain.flatMap(.concat) { .just($0) } }),
        Row(name: "flatMap(.latest)", wrap: { chain, _ in chain.flatMap(.latest) { .just($0) } }),
        Row(
            name: "materialize().dematerialize()",
            wrap: { chain, _ in chain.materialize().dematerialize() }),
        Row(
            name: "deliver(on: ImmediateScheduler())",
            wrap: { chain, _ in chain.deliver(on: ImmediateScheduler()) }),
        Row(name: "zip(with:)", wrap: { chain, _ in chain.zip(with: .just(0)).map { $0.0 } }),
        Row(
            name: "combineLatest(with:)",
            wrap: { chain, _ in chain.combineLatest(with: .just(0)).map { $0.0 } }),
        Row(
            name: "catch", wrap: { chain, _ in chain.catch { _ in .just(-1) } }, expectedValues: { _ in [7] },
            passesFailures: false),
        Row(name: "on(next:)", wrap: { chain, _ in chain.on(next: { _ in }) }),
        Row(
            name: "take(untilTrigger:)",
            wrap: { chain, _ in chain.take(untilTrigger: Signal<Int, Never>.never) }),
        Row(name: "mapError", wrap: { chain, _ in chain.mapError { $0 } }),
        Row(name: "map", wrap: { chain, _ in chain.map { $0 } }),
        Row(name: "filter", wrap: { chain, _ in chain.filter { _ in true } }),
        Row(name: "removeDuplicates", wrap: { chain, _ in chain.removeDuplicates() }),
        Row(name: "concat", wrap: { chain, _ in chain.concat(.empty) }),
        // The chain nested in the values of constants, which hold it as the operators hold theirs.
        Row(
            name: "just(chain).flatten()",
            wrap: { chain, _ in Signal<Signal<Int, TestError>, TestError>.just(chain).flatten() }),
        Row(
            name: "just(chain).switchToLatest()",
            wrap: { chain, _ in Signal<Signal<Int, TestError>, TestError>.just(chain).switchToLatest() }),
        Row(name: "prepend", wrap: { chain, _ in chain.prepend(0).skip(1) }),
    ]

    /// Builds the chain over `source`, subscribes, and releases everything on a 512 KiB thread.
    static func run(_ row: Row, over source: Signal<Int, TestError>, depth: Int = depth) async -> [Event<
        Int, TestError
    >] {
        let recorder = EventRecorder<Int, TestError>()
        let released = Flag()
        await onSmallStack {
            weak var weakToken: Token?
            var chain: Signal<Int, TestError>
            do {
                let token = Token()
                weakToken = token
                chain = source.on(subscribe: { token.touch() })
            }
            for index in 0..<depth { chain = row.wrap(chain, index) }
            let subscription = recorder.subscribe(to: chain)
            subscription.dispose()
            chain = .empty
            if weakToken == nil { released.set() }
        }
        #expect(released.isSet, "the chain of \(row.name) was released")
        return recorder.events
    }

    static func checkValueAndCompletion(_ row: Row) async {
        let events = await run(row, over: .just(7))
        #expect(events == row.expectedValues(depth - 1).map { .next($0) } + [.completed])
    }

    static func checkFailure(_ row: Row) async {
        let events = await run(row, over: .error(.boom), depth: depth / 10)
        #expect(events == [.error(.boom)])
    }

    /// The rows of each of the two suites: every other one, since neighbours cost alike.
    static let firstHalf = rows.alternateHalf(0)
    static let secondHalf = rows.alternateHalf(1)

    @Suite("Stack depth of long chains of every kind of operator, first half", .serialized)
    struct FirstHalf {
        @Test("a value and the completion pass through the chain", arguments: firstHalf)
        func valueAndCompletion(_ row: Row) async { await checkValueAndCompletion(row) }

        @Test("a failure passes through the chain", arguments: firstHalf.filter(\.passesFailures))
        func failure(_ row: Row) async { await checkFailure(row) }
    }

    @Suite("Stack depth of long chains of every kind of operator, second half", .serialized)
    struct SecondHalf {
        @Test("a value and the completion pass through the chain", arguments: secondHalf)
        func valueAndCompletion(_ row: Row) async { await checkValueAndCompletion(row) }

        @Test("a failure passes through the chain", arguments: secondHalf.filter(\.passesFailures))
        func failure(_ row: Row) async { await checkFailure(row) }
    }
}
