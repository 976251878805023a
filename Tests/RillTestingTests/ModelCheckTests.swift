import Rill
import Testing

@testable import RillTesting

@Suite("expectModel")
struct ModelCheckTests {
    /// Runs `checkModel` and returns every report it made.
    private func reports(seed: UInt64 = 7, _ check: ([Int]) -> String?) -> [String] {
        var messages: [String] = []
        checkModel(seed: seed, cases: 100, check) { messages.append($0) }
        return messages
    }

    private func mapModel(_ values: [Int], doubling: @escaping @Sendable (Int) -> Int) -> String? {
        let recorder = Signal<Int, Never>.from(values).map(doubling).record()
        return modelMismatch(recorder, expected: values.map { $0 * 2 })
    }

    @Test("a wrong model is one issue naming the smallest failing input")
    func wrongModelShrinks() {
        // Wrong only for values of 5 and above: the smallest failing input is [5].
        let messages = reports { values in
            self.mapModel(values) { $0 >= 5 ? $0 * 3 : $0 * 2 }
        }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("model fails on [5] (seed 7): expected [10], got [15]") == true)
        #expect(messages.first?.contains("; shrunk from [") == true)
    }

    @Test("a failure that needs two elements keeps exactly two, lowered to the smallest values")
    func shrinksToTwoElements() {
        let messages = reports { values in values.count >= 2 ? "too long: \(values)" : nil }
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("model fails on [0, 0] (seed 7): too long: [0, 0]") == true)
    }

    @Test("a correct model reports nothing and checks every case")
    func passingModelIsSilent() {
        var runs = 0
        let messages = reports { values in
            runs += 1
            return self.mapModel(values) { $0 * 2 }
        }
        #expect(messages.isEmpty)
        #expect(runs == 100)
    }

    @Test("the same seed gives the same report")
    func reproducible() {
        let check: ([Int]) -> String? = { values in values.contains(9) ? "has 9" : nil }
        #expect(reports(seed: 42, check) == reports(seed: 42, check))
        #expect(reports(seed: 42, check).first?.hasPrefix("model fails on [9] (seed 42): has 9") == true)
    }

    @Test("an operator that never completes is a mismatch even with the right values")
    func missingCompletion() {
        let recorder = Signal<Int, Never>.never.record()
        #expect(modelMismatch(recorder, expected: []) == "expected [] then completion, got []")
        recorder.dispose()
    }

    @Test("the derivation disagreeing with the operator is a mismatch")
    func referenceDisagrees() {
        let shipped = Signal<Int, Never>.from([1]).record()
        let reference = Signal<Int, Never>.from([1]).concat(.never).record()
        #expect(
            modelMismatch(shipped, expected: [1], reference: reference)?.hasPrefix("the derivation sent")
                == true)
        #expect(modelMismatch(shipped, expected: [1], reference: shipped) == nil)
        reference.dispose()
    }
}

/// The model check from main-actor code, as a UI module's tests would call it.
@MainActor
struct MainActorModelCheckTests {
    private var seen: [[Int]] = []

    @Test("expectModel and modelMismatch from a main-actor type")
    mutating func fromMainActor() {
        expectModel(seed: 3, cases: 5) { values in
            seen.append(values)
            return modelMismatch(Signal<Int, Never>.from(values).record(), expected: values)
        }
        #expect(seen.count == 5)
        var random = SeededRandom(seed: 3)
        #expect(seen.first?.count == random.below(16))
    }
}
