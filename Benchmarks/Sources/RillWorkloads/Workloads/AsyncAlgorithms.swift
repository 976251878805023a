import AsyncAlgorithms

/// swift-async-algorithms 1.1.4 (with the standard library's `AsyncSequence` operators) on the
/// workloads it can express. Values are pulled with `for await` by the iteration's own task.
///
/// Left out: W3's `just` has no counterpart beyond a one-element sequence, W6a–W6d need an n-ary
/// or nested concat (`chain` takes two or three sequences), W7 and W12 need a multicast subject
/// (`AsyncChannel` hands each value to one consumer), W10 needs a switch-to-latest, W11 a replay
/// buffer, W13 a property binding. W8: `combineLatest` takes at most three sequences, and two
/// nested pairs over four `AsyncChannel`s do not give W8's sum reliably (one iteration in five
/// missed the first combined value), so the checksum could not be kept.
enum AsyncAlgorithmsWorkloads {
    static let library = Library(
        name: "async-algorithms",
        asyncIterations: [
            "W0": sinkOnly, "W1": pipeline, "W2": deepChain, "W4": fanOut, "W5": zipSequences,
            "W5x": zipMapped, "W9": channelToConsumer, "W14": mergeHalves,
        ])

    static func sinkOnly(_ inputs: Inputs) async -> Int {
        var sum = 0
        for await value in inputs.million.async { sum += value }
        return sum
    }

    /// `reductions(_:_:)` is the exclusive scan: it does not emit the initial value, as `scan`.
    static func pipeline(_ inputs: Inputs) async -> Int {
        var sum = 0
        let sequence = inputs.million.async
            .map { $0 * 2 }
            .filter { $0 % 2 == 0 }
            .reductions(0) { $0 + $1 }
            .prefix(Workloads.w1Take)
        for await value in sequence { sum += value }
        return sum
    }

    /// Built in a loop, so each stage is erased to `any AsyncSequence<Int, Never>`.
    static func deepChain(_ inputs: Inputs) async -> Int {
        var sum = 0
        var sequence: any AsyncSequence<Int, Never> = inputs.hundredThousand.async
        for _ in 0..<100 { sequence = incremented(sequence) }
        for await value in sequence { sum += value }
        return sum
    }

    static func incremented(_ base: some AsyncSequence<Int, Never>) -> any AsyncSequence<Int, Never> {
        base.map { $0 + 1 }
    }

    static func fanOut(_ inputs: Inputs) async -> Int {
        var sum = 0
        let sequence = inputs.tenThousand.async.flatMap { outer in (outer * 100..<outer * 100 + 100).async }
        for await value in sequence { sum += value }
        return sum
    }

    static func zipSequences(_ inputs: Inputs) async -> Int {
        var sum = 0
        for await (first, second) in zip(inputs.million.async, inputs.secondMillion.async) {
            sum += first + second
        }
        return sum
    }

    static func zipMapped(_ inputs: Inputs) async -> Int {
        var sum = 0
        let pairs = zip(inputs.million.async.map { $0 }, inputs.secondMillion.async.map { $0 })
        for await (first, second) in pairs { sum += first + second }
        return sum
    }

    /// W9's shape: a producer sends 1M values into an `AsyncChannel` (each `send` suspends until
    /// the value is taken) and a consumer task sums them; the iteration waits for the consumer.
    static func channelToConsumer(_ inputs: Inputs) async -> Int {
        let channel = AsyncChannel<Int>()
        let consumer = Task {
            var sum = 0
            for await value in channel { sum += value }
            return sum
        }
        for value in inputs.million { await channel.send(value) }
        channel.finish()
        return await consumer.value
    }

    static func mergeHalves(_ inputs: Inputs) async -> Int {
        var sum = 0
        let merged = merge(
            inputs.million[..<Workloads.mergeHalf].async, inputs.million[Workloads.mergeHalf...].async)
        for await value in merged { sum += value }
        return sum
    }
}
