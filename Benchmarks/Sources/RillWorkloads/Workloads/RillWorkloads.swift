import Rill
import Synchronization

/// The running sum a Rill sink adds to. Rill's handlers are `@Sendable`, so the sum is an atomic
/// with relaxed loads and stores: plain moves on x86 and ARM, with checked addition as elsewhere.
final class RillSum: Sendable {
    private let total = Atomic<Int>(0)

    @inline(__always)
    func add(_ value: Int) {
        total.store(total.load(ordering: .relaxed) + value, ordering: .relaxed)
    }

    var value: Int { total.load(ordering: .relaxed) }
}

enum RillWorkloads {
    static let library = Library(
        name: "rill",
        iterations: ([
            "W0": sinkOnly, "W1": pipeline, "W2": deepChain, "W3": subscriptionChurn, "W4": fanOut,
            "W5": zipSequences, "W5x": zipMapped, "W6a": concatMany,
            "W6b": { _ in leftNestedConcat(links: 10_000) }, "W6c": { _ in leftNestedConcat(links: 100_000) },
            "W6d": { _ in leftNestedConcat(links: 1_000_000) }, "W14": mergeHalves, "W17": collectToArray,
            "W18": subscribedOnImmediate,
        ] as [String: @Sendable (Inputs) -> Int]).merging(RillHotWorkloads.iterations) { cold, _ in cold })

    static func sinkOnly(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.million).subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func pipeline(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.million)
            .map { $0 * 2 }
            .filter { $0 % 2 == 0 }
            .scan(0) { $0 + $1 }
            .take(Workloads.w1Take)
            .subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func deepChain(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        var signal = Signal<Int, Never>.from(inputs.hundredThousand)
        for _ in 0..<100 { signal = signal.map { $0 + 1 } }
        let subscription = signal.subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func subscriptionChurn(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        for value in inputs.hundredThousand {
            let subscription = Signal<Int, Never>.just(value).map { $0 + 1 }.subscribe(next: { sum.add($0) })
            subscription.dispose()
        }
        return sum.value
    }

    static func fanOut(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.tenThousand)
            .flattenMap { outer in Signal<Int, Never>.from(outer * 100..<outer * 100 + 100) }
            .subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func zipSequences(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.million)
            .zip(with: Signal<Int, Never>.from(inputs.secondMillion))
            .subscribe(next: { sum.add($0.0 + $0.1) })
        subscription.dispose()
        return sum.value
    }

    static func zipMapped(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.million).map { $0 }
            .zip(with: Signal<Int, Never>.from(inputs.secondMillion).map { $0 })
            .subscribe(next: { sum.add($0.0 + $0.1) })
        subscription.dispose()
        return sum.value
    }

    static func concatMany(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let sources = inputs.hundredThousand.map { Signal<Int, Never>.just($0) }
        let subscription = Signal<Int, Never>.concat(sources).subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func leftNestedConcat(links: Int) -> Int {
        let sum = RillSum()
        var signal = Signal<Int, Never>.just(0)
        for value in 1..<links { signal = signal.concat(.just(value)) }
        let subscription = signal.subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func mergeHalves(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.million[..<Workloads.mergeHalf])
            .merge(with: Signal<Int, Never>.from(inputs.million[Workloads.mergeHalf...]))
            .subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }

    static func collectToArray(_ inputs: Inputs) -> Int {
        let values = (try? Signal<Int, Never>.from(inputs.million).toArray()) ?? []
        return values.reduce(0, &+)
    }

    static func subscribedOnImmediate(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subscription = Signal<Int, Never>.from(inputs.million).subscribe(on: ImmediateScheduler())
            .subscribe(next: { sum.add($0) })
        subscription.dispose()
        return sum.value
    }
}
