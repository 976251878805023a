// swift-tools-version:6.1
// Side-by-side benchmarks: Rill, OpenCombine (typed and erased), swift-async-algorithms, a plain
// loop and a closure-per-stage floor, on the cold workloads W0–W6 and the hot ones W7–W13.
//
// Two front ends share the workloads of `RillWorkloads`:
// - `swift run -c release rill-bench`: the hand-written harness (one process per cell, a
//   side-by-side table, `--iterate` for callgrind instruction counts);
// - `swift package benchmark`: package-benchmark (ordo-one/benchmark), one `Benchmark` per
//   (workload, library) pair, with wall clock, mallocs and peak memory, and baselines in
//   `.benchmarkBaselines/`.
// `rill-stack` (Rill only) prints the bytes of stack per stage of a chain of each kind of operator.
import PackageDescription

let package = Package(
    name: "RillBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Rill", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "RillWorkloads",
            dependencies: [
                .product(name: "Rill", package: "Rill"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
            ],
            path: "Sources/RillWorkloads",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "rill-bench",
            dependencies: ["RillWorkloads"],
            path: "Sources/RillBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "rill-stack",
            dependencies: [.product(name: "Rill", package: "Rill")],
            path: "Sources/RillStack",
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "RillPackageBenchmarks",
            dependencies: [
                "RillWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RillPackageBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
