import Rill
import RillTesting
import Testing

/// Every flatten strategy on a synchronous signal of 100,000 inner signals, on a thread with a
/// 512 KiB stack, where one stack frame per inner signal would overflow.
@Suite("Stack depth of flattening", .serialized)
struct FlattenStackDepthTests {
    static let count = TestScale.scaled(100_000)

    static let strategies: [FlattenStrategy] = [
        .merge, .concat, .concurrent(limit: 3), .latest, .race, .exhaust,
    ]

    /// Inner signals made with `create`, which the core cannot short-cut: each sends its index
    /// and completes during its subscription.
    private static func synchronousInners(_ count: Int) -> Signal<Signal<Int, Never>, Never> {
        Signal.from(
            (0..<count).map { index in
                Signal<Int, Never>.create { subscriber in
                    subscriber.sendNext(index)
                    subscriber.sendCompleted()
                    return nil
                }
            })
    }

    /// What each strategy sends for `synchronousInners`: all of them in order, except a race,
    /// which the first inner signal wins before the others arrive.
    private static func expectedCount(_ strategy: FlattenStrategy) -> Int {
        strategy == .race ? 1 : count
    }

    @Test(
        "every strategy flattens 100,000 synchronous inner signals on a 512 KiB stack", arguments: strategies)
    func synchronousInnerSignals(_ strategy: FlattenStrategy) async {
        let tally = Tally()
        await onSmallStack {
            tally.subscribe(to: Self.synchronousInners(Self.count).flatten(strategy))
        }
        #expect(tally.count == Self.expectedCount(strategy))
        #expect(tally.outOfOrder == 0)
        #expect(tally.completedCount == 1)
        #expect(tally.eventsAfterTerminal == 0)
    }

    @Test(
        "concat and concurrent start 100,000 waiting synchronous inner signals in a loop when the first completes",
        arguments: [FlattenStrategy.concat, .concurrent(limit: 2)])
    func waitingInnerSignalsStartInALoop(_ strategy: FlattenStrategy) async {
        let tally = Tally()
        let opener = ManualSource<Int, Never>()
        await onSmallStack {
            // The first inner signals stay open, so every later one waits in the queue.
            let held = (0..<2).map { _ in opener.signal }
            let rest = (0..<Self.count).map { index in Signal<Int, Never>.from([index]) }
            let outer = Signal<Signal<Int, Never>, Never>.from(held + rest)
            tally.subscribe(to: outer.flatten(strategy))
            // Completing an open inner signal starts the next; the queue drains inside the call.
            var completed = 0
            while completed < opener.allSubscribers.count {
                opener.allSubscribers[completed].sendCompleted()
                completed += 1
            }
        }
        #expect(tally.count == Self.count)
        #expect(tally.outOfOrder == 0)
        #expect(tally.completedCount == 1)
    }

    @Test(
        "switchToLatest, concat() and flatMapLatest over 100,000 synchronous inner signals run on a 512 KiB stack"
    )
    func derivedOperators() async {
        let latest = Tally()
        let concatenated = Tally()
        let mapped = Tally()
        await onSmallStack {
            latest.subscribe(to: Self.synchronousInners(Self.count).switchToLatest())
            concatenated.subscribe(to: Self.synchronousInners(Self.count).concat())
            mapped.subscribe(to: Signal<Int, Never>.from(0..<Self.count).flatMapLatest { .from([$0]) })
        }
        for tally in [latest, concatenated, mapped] {
            #expect(tally.count == Self.count)
            #expect(tally.outOfOrder == 0)
            #expect(tally.completedCount == 1)
        }
    }
}
