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
        .executable(name: "rill-demo", targets: ["RillDemo"]),
    ],
    targets: [
        .target(name: "Rill", swiftSettings: strictSettings),
        .target(name: "RillTesting", dependencies: ["Rill"], swiftSettings: strictSettings),
        .executableTarget(name: "RillDemo", dependencies: ["Rill", "RillTesting"], swiftSettings: strictSettings),
        .testTarget(name: "RillTests", dependencies: ["Rill", "RillTesting"], swiftSettings: strictSettings),
        .testTarget(name: "RillTestingTests", dependencies: ["Rill", "RillTesting"], swiftSettings: strictSettings),
    ]
)
