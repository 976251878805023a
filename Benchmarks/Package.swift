// swift-tools-version:6.0
// Side-by-side benchmarks: Rill, OpenCombine (typed and erased), a plain loop and a
// closure-per-stage floor, on the cold workloads W1–W6 and the hot ones W7–W12. Run with `swift run -c release rill-bench`.
import PackageDescription

let package = Package(
    name: "RillBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Rill", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "rill-bench",
            dependencies: [
                .product(name: "Rill", package: "Rill"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
            ],
            path: "Sources/RillBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)])
    ]
)
