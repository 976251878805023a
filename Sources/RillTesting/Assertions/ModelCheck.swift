import Rill
import Testing

/// Checks an operator against a model of it on `cases` random arrays of small integers (0 to 9,
/// up to 15 of them), generated from `seed` so that a failure reproduces.
///
/// `check` runs the operator on one input and returns why it disagrees with the model, or `nil`
/// (see ``modelMismatch(_:expected:reference:)``). On the first failing input the check shrinks
/// it, dropping halves and then single elements and lowering values toward 0 while it still
/// fails, and records a single issue naming the seed, the smallest failing input and the mismatch.
public func expectModel(
    seed: UInt64, cases: Int = 100, sourceLocation: SourceLocation = #_sourceLocation,
    _ check: ([Int]) -> String?
) {
    checkModel(seed: seed, cases: cases, check) { message in
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// Why `shipped` disagrees with the model's `expected` values (or with the `reference`
/// implementation's events), or `nil` when it sent exactly `expected` and completed.
public func modelMismatch<Value: Equatable & Sendable, Failure: Error>(
    _ shipped: EventRecorder<Value, Failure>, expected: [Value],
    reference: EventRecorder<Value, Failure>? = nil
) -> String? {
    if shipped.values != expected {
        return "expected \(expected), got \(shipped.values)"
    }
    if !shipped.isCompleted {
        return "expected \(expected) then completion, got \(shipped.events)"
    }
    if let reference, "\(reference.events)" != "\(shipped.events)" {
        return "the derivation sent \(reference.events), the operator \(shipped.events)"
    }
    return nil
}

/// ``expectModel(seed:cases:sourceLocation:_:)`` with the report made by `report`, so that the
/// kit's own tests can observe it.
func checkModel(seed: UInt64, cases: Int, _ check: ([Int]) -> String?, report: (String) -> Void) {
    var random = SeededRandom(seed: seed)
    for _ in 0..<cases {
        let input = (0..<random.below(16)).map { _ in random.below(10) }
        guard let mismatch = check(input) else { continue }
        let (smallest, smallestMismatch) = shrink(input, mismatch, check)
        var message = "model fails on \(smallest) (seed \(seed)): \(smallestMismatch)"
        if smallest != input {
            message += "; shrunk from \(input)"
        }
        report(message)
        return
    }
}

/// The smallest input found that still fails, with its mismatch: fewer elements first, then
/// smaller values.
private func shrink(_ input: [Int], _ mismatch: String, _ check: ([Int]) -> String?) -> ([Int], String) {
    var smallest = (input, mismatch)
    var improved = true
    while improved {
        improved = false
        for candidate in simplerInputs(than: smallest.0) {
            if let failure = check(candidate) {
                smallest = (candidate, failure)
                improved = true
                break
            }
        }
    }
    return smallest
}

/// Inputs one step simpler than `input`: without a chunk of it (halves down to single elements),
/// then with one value lowered to 0 or by one.
private func simplerInputs(than input: [Int]) -> [[Int]] {
    var candidates: [[Int]] = []
    var chunk = input.count / 2
    while chunk >= 1 {
        for start in stride(from: 0, to: input.count, by: chunk) {
            var candidate = input
            candidate.removeSubrange(start..<min(start + chunk, input.count))
            candidates.append(candidate)
        }
        chunk = chunk == 1 ? 0 : (chunk + 1) / 2
    }
    if input.count == 1 {
        candidates.append([])
    }
    for index in input.indices where input[index] > 0 {
        for lowered in Set([0, input[index] - 1]).sorted() {
            var candidate = input
            candidate[index] = lowered
            candidates.append(candidate)
        }
    }
    return candidates
}
