// swift-tools-version:6.2
// @MainActor view models fed by Rill, in Swift 6 language mode with complete checking: one
// annotated by hand, and one in a module with approachable concurrency (main-actor isolation by
// default, async functions on their caller's actor), which also generates an operator of its own
// from Specs/ with Rill's plugin, and its tests.
import PackageDescription

let approachableConcurrency: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "MainActorViewModel",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Rill", path: "../..")],
    targets: [
        .target(
            name: "SearchFeature", dependencies: [.product(name: "Rill", package: "Rill")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "SearchFeatureTests",
            dependencies: ["SearchFeature", .product(name: "RillTesting", package: "Rill")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(
            name: "FeedFeature", dependencies: [.product(name: "Rill", package: "Rill")],
            swiftSettings: approachableConcurrency,
            plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")]),
        .target(
            name: "FeedSpecs", path: "Specs", swiftSettings: approachableConcurrency,
            plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")]),
        .testTarget(
            name: "FeedFeatureTests",
            dependencies: ["FeedFeature", .product(name: "RillTesting", package: "Rill")],
            swiftSettings: approachableConcurrency,
            plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")]),
    ]
)
