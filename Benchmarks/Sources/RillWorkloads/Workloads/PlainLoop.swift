/// The physical limit: hand-written loops doing the same arithmetic.
enum PlainLoop {
    static let library = Library(
        name: "plain",
        iterations: [
            "W0": { inputs in
                var sum = 0
                for value in inputs.million { sum += value }
                return sum
            },
            "W1": { inputs in
                var sum = 0
                var accumulator = 0
                var taken = 0
                for value in inputs.million {
                    let doubled = value * 2
                    guard doubled % 2 == 0 else { continue }
                    accumulator += doubled
                    sum += accumulator
                    taken += 1
                    if taken == Workloads.w1Take { break }
                }
                return sum
            },
            "W2": { inputs in
                var sum = 0
                for value in inputs.hundredThousand {
                    var mapped = value
                    for _ in 0..<100 { mapped += 1 }
                    sum += mapped
                }
                return sum
            },
            "W4": { inputs in
                var sum = 0
                for outer in inputs.tenThousand {
                    for inner in outer * 100..<outer * 100 + 100 { sum += inner }
                }
                return sum
            },
            "W5": { inputs in
                var sum = 0
                for (first, second) in zip(inputs.million, inputs.secondMillion) { sum += first + second }
                return sum
            },
        ])
}
