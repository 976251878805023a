import Benchmark
import RillWorkloads

// One package-benchmark `Benchmark` per (workload, library) pair of `RillWorkloads`, named
// "W1 rill", "W5 async-algorithms" and so on.
//
// Every benchmark iteration processes 1M units: a workload whose iteration covers 100k (or 10k)
// units runs 10 (or 100) times. With `scalingFactor: .mega` package-benchmark's scaled output
// (the default) is then per unit: ns per unit, mallocs per unit. Its integer statistics round those
// down, so the unscaled output (`--scale`) reads more precisely: ms per iteration = ns per unit,
// mallocs per iteration ÷ 1M = mallocs per unit. Peak resident memory is not scaled.

/// The inputs, built once per process, before any measurement.
let inputs = Inputs.make()

/// Pairs that `rill-bench` measures but this suite leaves out, as they would end the process or
/// run for minutes: OpenCombine's left-nested `append` chains overflow the stack (W6b–W6d), and its
/// `zip` of two 1M-element sequences takes more than 30 s per iteration (W5, W5x).
let excluded: Set<String> = [
    "W5 opencombine", "W5x opencombine", "W5 opencombine-erased", "W5x opencombine-erased",
    "W6b opencombine", "W6c opencombine", "W6d opencombine",
    "W6b opencombine-erased", "W6c opencombine-erased", "W6d opencombine-erased",
]

let unitsPerBenchmarkIteration = 1_000_000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .nanoseconds,
        warmupIterations: 1,
        scalingFactor: .mega,
        maxDuration: .seconds(2),
        maxIterations: 20)

    for workload in Workloads.all {
        precondition(
            unitsPerBenchmarkIteration % workload.units == 0, "\(workload.id): units do not divide 1M")
        let repeats = unitsPerBenchmarkIteration / workload.units
        for library in Libraries.all {
            let name = "\(workload.id) \(library.name)"
            guard let iteration = library.iterations[workload.id], !excluded.contains(name) else { continue }
            switch iteration {
            case .sync(let body):
                Benchmark(name) { _ in
                    for _ in 0..<repeats { check(body(inputs), workload, name) }
                }
            case .async(let body):
                Benchmark(name) { _ in
                    for _ in 0..<repeats { check(await body(inputs), workload, name) }
                }
            }
        }
    }
}

/// Every iteration's checksum is compared with the workload's closed form.
@inline(never)
func check(_ sum: Int, _ workload: Workload, _ name: String) {
    guard sum == workload.expectedSum else {
        fatalError("\(name) summed \(sum), expected \(workload.expectedSum)")
    }
    blackHole(sum)
}
