// swift-tools-version:6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Rill",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Rill", targets: ["Rill"]),
        .library(name: "RillTesting", targets: ["RillTesting"]),
        .executable(name: "rill-ops", targets: ["rill-ops"]),
        .plugin(name: "RillOperatorPlugin", targets: ["RillOperatorPlugin"]),
    ],
    targets: [
        .target(
            name: "Rill", dependencies: ["RillStackPointer"], swiftSettings: strictSettings,
            plugins: ["RillOperatorPlugin"]),
        // The machine stack pointer and a thread-local word, which Swift cannot read, for the
        // core's stack-depth checks (Sources/Rill/Core/DeepChain.swift).
        .target(name: "RillStackPointer"),
        // The specs themselves: a target only so that SwiftPM tracks the folder, and checks it.
        .target(
            name: "RillSpecs", path: "Specs", exclude: ["README.md"], swiftSettings: strictSettings,
            plugins: ["RillOperatorPlugin"]),
        .target(name: "RillMarbles", swiftSettings: strictSettings),
        .target(name: "RillTesting", dependencies: ["Rill", "RillMarbles"], swiftSettings: strictSettings),
        .target(name: "RillSpec", dependencies: ["RillMarbles"], swiftSettings: strictSettings),
        .executableTarget(name: "rill-ops", dependencies: ["RillSpec"], path: "Sources/RillOps", swiftSettings: strictSettings),
        .plugin(name: "RillOperatorPlugin", capability: .buildTool(), dependencies: [.target(name: "rill-ops")]),
        // The demo runs with `swift run rill-demo`; it is not a product other packages can depend on.
        .executableTarget(
            name: "rill-demo", dependencies: ["Rill", "RillTesting"], path: "Sources/RillDemo",
            swiftSettings: strictSettings),
        .testTarget(name: "RillTests", dependencies: ["Rill", "RillTesting"], swiftSettings: strictSettings),
        .testTarget(name: "RillTestingTests", dependencies: ["Rill", "RillTesting"], swiftSettings: strictSettings),
        .testTarget(name: "RillSpecTests", dependencies: ["RillSpec"], swiftSettings: strictSettings),
        .testTarget(
            name: "RillOperatorTests", dependencies: ["Rill", "RillTesting"], swiftSettings: strictSettings,
            plugins: ["RillOperatorPlugin"]),
    ]
)

// scripts/release-chains.sh runs a few of RillTests' suites in an optimized build, and none of
// the spec language's tests. Under this variable the package builds only those suites' files:
// whole-module optimization of all of RillTests took 280 s of one core, and of RillSpecTests 66 s.
// The list holds the files and folders of every suite that the script's filters select, and
// their helpers.
if Context.environment["RILL_OPTIMIZED_SUITES_ONLY"] != nil {
    let optimizedSuites = [
        "Support", "Properties",
        "Stress/ChainStackDepthTests.swift", "Stress/HotChainStackDepthTests.swift",
        "Stress/DeepChainOrderTests.swift", "Primitives/BindTests.swift",
        "Bindings/BindingEndTests.swift", "Bindings/BindingTargetTests.swift",
        "MainActor/MainActorBindingTests.swift", "Scheduling/MainActorDeliveryTests.swift",
        "Hot/MulticastTests.swift", "Commands/CommandTests.swift",
    ]
    // Named, not enumerated: SwiftPM caches the manifest's result by its text and environment,
    // not by the files on disk, so a list made by reading the folder goes stale when a file is
    // added, and the new file would be built here.
    package.targets.first { $0.name == "RillTests" }?.sources = optimizedSuites
    package.targets.removeAll { $0.name == "RillSpecTests" }
}
