// rill-stack: the bytes of stack one stage of a chain takes while an event travels through it.
//
// For each operator, a chain of `stages` of it over `just(1)` is subscribed on this thread; the
// subscriber notes the deepest stack address the value reaches. The difference from the
// address at the subscription, divided by the number of stages, is the stack per stage. The
// chains are short enough that no part of them is left for later (`docs/Contracts.md`, "Stack
// safety"), so the figure is what one stage costs on the way down.
//
//   swift run rill-stack                 # a debug build
//   swift run -c release rill-stack      # an optimized build
import Rill
import Synchronization

struct Row {
    let name: String
    let chain: (Int) -> Signal<Int, Never>
}

struct Failure: Error {}

let stages = 50

let rows: [Row] = [
    Row(name: "map") { n in (0..<n).reduce(Signal.just(1)) { chain, _ in chain.map { $0 } } },
    Row(name: "filter") { n in (0..<n).reduce(Signal.just(1)) { chain, _ in chain.filter { _ in true } } },
    Row(name: "merge(with:)") { n in
        (0..<n).reduce(Signal.just(1)) { chain, _ in chain.merge(with: .empty) }
    },
    Row(name: "flatMap(.merge)") { n in
        (0..<n).reduce(Signal.just(1)) { chain, _ in chain.flatMap(.merge) { .just($0) } }
    },
    Row(name: "catch") { n in
        (0..<n).reduce(Signal<Int, Failure>.just(1)) { chain, _ in chain.catch { _ in .just(0) } }
            .replaceError(with: 0)
    },
    Row(name: "on(next:)") { n in (0..<n).reduce(Signal.just(1)) { chain, _ in chain.on(next: { _ in }) } },
    Row(name: "setFailureType") { n in
        (0..<n).reduce(Signal<Int, Failure>.just(1)) { chain, _ in
            chain.replaceError(with: 0).setFailureType(to: Failure.self)
        }.replaceError(with: 0)
    },
    Row(name: "materialize().dematerialize()") { n in
        (0..<n).reduce(Signal.just(1)) { chain, _ in chain.materialize().dematerialize() }
    },
    Row(name: "deliver(on: ImmediateScheduler())") { n in
        (0..<n).reduce(Signal.just(1)) { chain, _ in chain.deliver(on: ImmediateScheduler()) }
    },
    Row(name: "then") { n in (0..<n).reduce(Signal.just(1)) { chain, _ in chain.then { .just(1) } } },
    Row(name: "zip(with:)") { n in
        (0..<n).reduce(Signal.just(1)) { chain, _ in chain.zip(with: .just(0)).map { $0.0 } }
    },
]

@inline(never)
func stackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}

/// The deepest stack address the value reached.
let deepest = Atomic<UInt>(.max)

@inline(never)
func bytesPerStage(_ row: Row) -> Int {
    let chain = row.chain(stages)
    deepest.store(.max, ordering: .relaxed)
    let top = stackAddress()
    let subscription = chain.subscribe(next: { _ in
        let here = stackAddress()
        if here < deepest.load(ordering: .relaxed) { deepest.store(here, ordering: .relaxed) }
    })
    subscription.dispose()
    let bottom = deepest.load(ordering: .relaxed)
    precondition(bottom != .max, "rill-stack: the chain of \(row.name) sent no value")
    return Int(top - bottom) / stages
}

print("| operator | bytes of stack per stage |")
print("|---|---|")
for row in rows {
    print("| `\(row.name)` | \(bytesPerStage(row)) |")
}
