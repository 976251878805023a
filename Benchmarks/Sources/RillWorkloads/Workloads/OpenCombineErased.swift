import OpenCombine

/// OpenCombine with every source and stage erased to `AnyPublisher`: the model of a type-erased
/// signal, which also defeats OpenCombine's eager fast paths for sequences and `Just`.
enum OpenCombineErased {
    static let library = Library(
        name: "opencombine-erased",
        iterations: [
            "W0": sinkOnly, "W1": pipeline, "W2": deepChain, "W3": subscriptionChurn, "W4": fanOut,
            "W5": zipSequences, "W5x": zipMapped, "W6a": concatMany,
            "W6b": { _ in leftNestedConcat(links: 10_000) }, "W6c": { _ in leftNestedConcat(links: 100_000) },
            "W6d": { _ in leftNestedConcat(links: 1_000_000) }, "W14": mergeHalves,
        ])

    static func sinkOnly(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.eraseToAnyPublisher().sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func pipeline(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.eraseToAnyPublisher()
            .map { $0 * 2 }.eraseToAnyPublisher()
            .filter { $0 % 2 == 0 }.eraseToAnyPublisher()
            .scan(0) { $0 + $1 }.eraseToAnyPublisher()
            .prefix(Workloads.w1Take).eraseToAnyPublisher()
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func deepChain(_ inputs: Inputs) -> Int {
        var sum = 0
        var publisher = inputs.hundredThousand.publisher.eraseToAnyPublisher()
        for _ in 0..<100 { publisher = publisher.map { $0 + 1 }.eraseToAnyPublisher() }
        let cancellable = publisher.sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func subscriptionChurn(_ inputs: Inputs) -> Int {
        var sum = 0
        for value in inputs.hundredThousand {
            let cancellable = Just(value).eraseToAnyPublisher().map { $0 + 1 }.eraseToAnyPublisher()
                .sink { sum += $0 }
            cancellable.cancel()
        }
        return sum
    }

    static func fanOut(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.tenThousand.publisher.eraseToAnyPublisher()
            .flatMap { outer in (outer * 100..<outer * 100 + 100).publisher.eraseToAnyPublisher() }
            .eraseToAnyPublisher()
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func zipSequences(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.eraseToAnyPublisher()
            .zip(inputs.secondMillion.publisher.eraseToAnyPublisher()).eraseToAnyPublisher()
            .sink { sum += $0.0 + $0.1 }
        cancellable.cancel()
        return sum
    }

    static func zipMapped(_ inputs: Inputs) -> Int {
        var sum = 0
        let cancellable = inputs.million.publisher.eraseToAnyPublisher().map { $0 }.eraseToAnyPublisher()
            .zip(inputs.secondMillion.publisher.eraseToAnyPublisher().map { $0 }.eraseToAnyPublisher())
            .eraseToAnyPublisher()
            .sink { sum += $0.0 + $0.1 }
        cancellable.cancel()
        return sum
    }

    static func concatMany(_ inputs: Inputs) -> Int {
        var sum = 0
        let sources = inputs.hundredThousand.map { Just($0).eraseToAnyPublisher() }
        let cancellable = sources.publisher.eraseToAnyPublisher()
            .flatMap(maxPublishers: .max(1)) { $0 }.eraseToAnyPublisher()
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    /// A `Publishers.Concatenate` chain, erased at every link.
    static func leftNestedConcat(links: Int) -> Int {
        var sum = 0
        var publisher = Just(0).eraseToAnyPublisher()
        for value in 1..<links { publisher = publisher.append(Just(value)).eraseToAnyPublisher() }
        let cancellable = publisher.sink { sum += $0 }
        cancellable.cancel()
        return sum
    }

    static func mergeHalves(_ inputs: Inputs) -> Int {
        var sum = 0
        let halves = [
            inputs.million[..<Workloads.mergeHalf].publisher.eraseToAnyPublisher(),
            inputs.million[Workloads.mergeHalf...].publisher.eraseToAnyPublisher(),
        ]
        let cancellable = halves.publisher.eraseToAnyPublisher().flatMap { $0 }.eraseToAnyPublisher()
            .sink { sum += $0 }
        cancellable.cancel()
        return sum
    }
}
