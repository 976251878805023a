/// One benchmark workload: what it runs, what it counts per iteration, and what Rill must reach.
struct Workload: Sendable {
    let id: String
    let summary: String
    /// How many units one iteration processes (elements, subscriptions, sources or links).
    let units: Int
    let unitName: String
    /// Rill's target in nanoseconds per unit.
    let target: Double
    let expectedSum: Int
}

/// The inputs every library consumes, built before timing so the optimizer cannot fold them.
struct Inputs: Sendable {
    let million: [Int]
    let hundredThousand: [Int]
    let tenThousand: [Int]
    let secondMillion: [Int]
}

@inline(never)
func makeInput(count: Int) -> [Int] {
    Array(0..<count)
}

enum Workloads {
    static let w1Take = 999_999

    static let all: [Workload] = [
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
            unitName: "subscription", target: 40, expectedSum: triangle(100_000) + 100_000),
        Workload(
            id: "W4", summary: "flatMap of 10k outer values into 100 inner values each", units: 1_000_000,
            unitName: "inner element", target: 25, expectedSum: triangle(1_000_000)),
        Workload(
            id: "W5", summary: "zip of two 1M-Int sequence sources", units: 1_000_000, unitName: "pair",
            target: 15, expectedSum: 2 * triangle(1_000_000)),
        Workload(
            id: "W5x", summary: "W5 with a map on each side (off the sequence fast path)", units: 1_000_000,
            unitName: "pair", target: 40, expectedSum: 2 * triangle(1_000_000)),
        Workload(
            id: "W6a", summary: "n-ary concat of 100k single-value signals", units: 100_000,
            unitName: "source",
            target: 100, expectedSum: triangle(100_000)),
        Workload(
            id: "W6b", summary: "left-nested concat, 10k links", units: 10_000, unitName: "link", target: 100,
            expectedSum: triangle(10_000)),
        Workload(
            id: "W6c", summary: "left-nested concat, 100k links", units: 100_000, unitName: "link",
            target: 100,
            expectedSum: triangle(100_000)),
        Workload(
            id: "W6d", summary: "left-nested concat, 1M links", units: 1_000_000, unitName: "link",
            target: 100,
            expectedSum: triangle(1_000_000)),
    ]

    static func named(_ id: String) -> Workload? {
        all.first { $0.id == id }
    }

    /// 0 + 1 + … + (n − 1).
    static func triangle(_ n: Int) -> Int { n * (n - 1) / 2 }
}
