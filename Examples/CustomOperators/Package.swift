// swift-tools-version:6.0
// A package that generates its own operators over Rill with Rill's build-tool plugin.
import PackageDescription

let package = Package(
    name: "CustomOperators",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "Rill", path: "../..")],
    targets: [
        .target(
            name: "MyOperators", dependencies: [.product(name: "Rill", package: "Rill")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")]),
        // The specs: a target only so that SwiftPM notices spec files being added, renamed or
        // deleted; the plugin checks them here.
        .target(
            name: "CustomOperatorsSpecs", path: "Specs", swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")]),
        .testTarget(
            name: "MyOperatorsTests",
            dependencies: ["MyOperators", .product(name: "RillTesting", package: "Rill")],
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")]),
    ]
)
