/// A library under test: a name and, per workload id, one timed iteration returning its sum.
struct Library: Sendable {
    let name: String
    let iterations: [String: @Sendable (Inputs) -> Int]
}

enum Libraries {
    static let all: [Library] = [
        PlainLoop.library, PlainClosures.library, RillWorkloads.library, OpenCombineTyped.library,
        OpenCombineErased.library,
    ]

    static func named(_ name: String) -> Library? {
        all.first { $0.name == name }
    }
}
