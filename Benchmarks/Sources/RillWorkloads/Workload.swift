/// One benchmark workload: what it runs, what it counts per iteration, and what Rill must reach.
public struct Workload: Sendable {
    public let id: String
    public let summary: String
    /// How many units one iteration processes (elements, subscriptions, sources or links).
    public let units: Int
    public let unitName: String
    /// Rill's target in nanoseconds per unit.
    public let target: Double
    public let expectedSum: Int
}

/// The inputs every library consumes, built before timing so the optimizer cannot fold them.
public struct Inputs: Sendable {
    public let million: [Int]
    public let hundredThousand: [Int]
    public let tenThousand: [Int]
    public let secondMillion: [Int]

    /// The inputs every workload reads: three ranges of Ints and a second copy of the first.
    public static func make() -> Inputs {
        Inputs(
            million: makeInput(count: 1_000_000), hundredThousand: makeInput(count: 100_000),
            tenThousand: makeInput(count: 10_000), secondMillion: makeInput(count: 1_000_000))
    }
}

@inline(never)
public func makeInput(count: Int) -> [Int] {
    Array(0..<count)
}

public enum Workloads {
    public static let w1Take = 999_999
    /// W14 merges `million[..<mergeHalf]` with `million[mergeHalf...]`.
    public static let mergeHalf = 500_000

    public static let all: [Workload] = cold + hot

    public static let cold: [Workload] = [
        Workload(
            id: "W0", summary: "sink only: 1M Ints from a sequence into `sum += value`", units: 1_000_000,
            unitName: "element", target: .infinity, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W1", summary: "map → filter → scan → take over 1M Ints", units: 1_000_000,
            unitName: "element", target: 20,
            expectedSum: (w1Take - 1) * w1Take * (w1Take + 1) / 3),
        Workload(
            id: "W2", summary: "100 chained maps over 100k Ints", units: 100_000, unitName: "element",
            target: 250, expectedSum: triangle(100_000) + 100 * 100_000),
        Workload(
            id: "W3", summary: "just → map → subscribe → dispose, 100k times", units: 100_000,
            unitName: "subscription", target: 25, expectedSum: triangle(100_000) + 100_000),
        Workload(
            id: "W4", summary: "flatMap of 10k outer values into 100 inner values each", units: 1_000_000,
            unitName: "inner element", target: 10, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W5", summary: "zip of two 1M-Int sequence sources", units: 1_000_000, unitName: "pair",
            target: 15, expectedSum: 2 * triangle(1_000_000)),
        Workload(
            id: "W5x", summary: "W5 with a map on each side (off the sequence fast path)", units: 1_000_000,
            unitName: "pair", target: 40, expectedSum: 2 * triangle(1_000_000)),
        Workload(
            id: "W6a", summary: "n-ary concat of 100k single-value signals", units: 100_000,
            unitName: "source",
            target: 20, expectedSum: triangle(100_000)),
        Workload(
            id: "W6b", summary: "left-nested concat, 10k links", units: 10_000, unitName: "link", target: 20,
            expectedSum: triangle(10_000)),
        Workload(
            id: "W6c", summary: "left-nested concat, 100k links", units: 100_000, unitName: "link",
            target: 20,
            expectedSum: triangle(100_000)),
        Workload(
            id: "W6d", summary: "left-nested concat, 1M links", units: 1_000_000, unitName: "link",
            target: 20,
            expectedSum: triangle(1_000_000)),
        Workload(
            id: "W14", summary: "merge of two sequence sources, the two halves of 1M Ints",
            units: 1_000_000, unitName: "element", target: .infinity, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W17", summary: "`toArray()` of 1M Ints from a sequence (OpenCombine: `collect()`)",
            units: 1_000_000, unitName: "element", target: .infinity, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W18",
            summary: "1M Ints from a sequence subscribed on the immediate scheduler (`subscribe(on:)`)",
            units: 1_000_000, unitName: "element", target: .infinity, expectedSum: triangle(1_000_000)),
    ]

    /// The hot workloads: values sent into subjects, as an app feeds a pipeline.
    public static let hot: [Workload] = [
        Workload(
            id: "W7", summary: "one subject, 1,000 subscribers, 1,000 values", units: 1_000_000,
            unitName: "delivered value", target: 14, expectedSum: 1_000 * triangle(1_000)),
        Workload(
            id: "W8", summary: "combineLatest of 4 subjects, 1M updates round-robin", units: 1_000_000,
            unitName: "update", target: 150, expectedSum: combinedRoundRobinSum(updates: 1_000_000)),
        Workload(
            id: "W9", summary: "1M values from a subject through deliver(on:) a serial queue",
            units: 1_000_000,
            unitName: "value", target: 100, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W10", summary: "flatMap(.latest) from a subject, 100k outer × 10 inner values",
            units: 1_000_000, unitName: "inner value", target: 80, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W11", summary: "replay subject of capacity 100, 1M values", units: 1_000_000,
            unitName: "value", target: 140, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W12", summary: "a shared `just(1)` then `never`, subscribed and disposed 100k times",
            units: 100_000, unitName: "subscription", target: 1_000, expectedSum: 100_000),
        Workload(
            id: "W12a",
            summary: "W12 through `publish().autoconnect()` (only the first subscription connects)",
            units: 100_000, unitName: "subscription", target: 1_000, expectedSum: 1),
        Workload(
            id: "W12s", summary: "a subject subscribed and disposed 100k times", units: 100_000,
            unitName: "subscription", target: 100, expectedSum: 0),
        Workload(
            id: "W22", summary: "a `map` over a subject's signal, made, subscribed and disposed 100k times",
            units: 100_000, unitName: "subscription", target: .infinity, expectedSum: 0),
        Workload(
            id: "W13", summary: "1M updates of a mutable property bound into an object's property",
            units: 1_000_000, unitName: "update", target: 14, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W15",
            summary: "1M updates of a mutable property through a derived property (`map`) to one subscriber",
            units: 1_000_000, unitName: "update", target: .infinity, expectedSum: 2 * triangle(1_000_000)),
        Workload(
            id: "W16",
            summary: "1M values from a subject bound into a mutable property (`<~`), one subscriber",
            units: 1_000_000, unitName: "value", target: .infinity, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W19", summary: "1M values from a subject through `timeout`, whose clock never runs out",
            units: 1_000_000, unitName: "value", target: .infinity, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W20",
            summary: "1M optional values from a subject, every other one nil, bound into a mutable property "
                + "with `bind(to:nilValue:)`, one subscriber",
            units: 1_000_000, unitName: "value", target: .infinity, expectedSum: 2 * triangle(500_000)),
        Workload(
            id: "W21",
            summary: "1M values from a subject bound into a `BehaviorSubject` (`<~`), one subscriber",
            units: 1_000_000, unitName: "value", target: .infinity, expectedSum: triangle(1_000_000)),
    ]

    /// What W8's sink sums: value `i` goes to subject `i % 4`; from the fourth update on, each
    /// update sends the four latest values, `i + (i − 1) + (i − 2) + (i − 3)`.
    public static func combinedRoundRobinSum(updates: Int) -> Int {
        (3..<updates).reduce(0) { $0 + 4 * $1 - 6 }
    }

    public static func named(_ id: String) -> Workload? {
        all.first { $0.id == id }
    }

    /// 0 + 1 + … + (n − 1).
    public static func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }
}
