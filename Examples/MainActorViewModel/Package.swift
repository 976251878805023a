// swift-tools-version:6.0
// A @MainActor view model fed by Rill, in Swift 6 language mode with complete checking.
import PackageDescription

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
    ]
)
