/// One timed iteration of a workload: it consumes the inputs and returns its checksum.
public enum Iteration: Sendable {
    case sync(@Sendable (Inputs) -> Int)
    /// An `AsyncSequence` pipeline (swift-async-algorithms), iterated with `for await`.
    case async(@Sendable (Inputs) async -> Int)

    public func callAsFunction(_ inputs: Inputs) async -> Int {
        switch self {
        case .sync(let iteration): return iteration(inputs)
        case .async(let iteration): return await iteration(inputs)
        }
    }
}

/// A library under test: a name and, per workload id, one timed iteration returning its sum.
public struct Library: Sendable {
    public let name: String
    public let iterations: [String: Iteration]

    init(name: String, iterations: [String: @Sendable (Inputs) -> Int]) {
        self.name = name
        self.iterations = iterations.mapValues { .sync($0) }
    }

    init(name: String, asyncIterations: [String: @Sendable (Inputs) async -> Int]) {
        self.name = name
        self.iterations = asyncIterations.mapValues { .async($0) }
    }
}

public enum Libraries {
    public static let all: [Library] = [
        PlainLoop.library, PlainClosures.library, RillWorkloads.library, OpenCombineTyped.library,
        OpenCombineErased.library, AsyncAlgorithmsWorkloads.library,
    ]

    public static func named(_ name: String) -> Library? {
        all.first { $0.name == name }
    }
}
