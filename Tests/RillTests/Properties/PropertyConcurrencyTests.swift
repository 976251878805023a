import Rill
import RillTesting
import Testing

@Suite("Properties under concurrency")
struct PropertyConcurrencyTests {
    static let threads = 8
    static let updates = 2_000

    @Test("8 threads incrementing a MutableProperty with modify lose no update")
    func modifyLosesNothing() {
        let property = MutableProperty(0)
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.updates { property.modify { $0 += 1 } }
        }
        #expect(property.value == Self.threads * Self.updates)
    }

    @Test("observers of concurrent changes see a serial, grammar-valid sequence in one order")
    func observersSeeSerialSequence() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        let counted = property!
        let derived = counted.map { $0 }
        let overlap = OverlapDetector()
        let direct = Tally()
        let viaDerived = Tally()
        let subscriptions = [
            counted.changes.subscribe(
                next: { value in
                    overlap.enter()
                    direct.next(value - 1)
                    overlap.leave()
                }, completed: { direct.completed() }),
            viaDerived.subscribe(to: derived.changes.map { $0 - 1 }),
        ]
        onThreads(Self.threads) { _ in
            for _ in 0..<Self.updates { counted.modify { $0 += 1 } }
        }
        _ = consume counted
        property = nil
        let total = Self.threads * Self.updates
        // Values are delivered in the order the changes were made, so each one is the next
        // integer: nothing lost, duplicated or reordered.
        #expect(direct.count == total)
        #expect(direct.outOfOrder == 0)
        #expect(direct.completedCount == 1)
        #expect(direct.eventsAfterTerminal == 0)
        #expect(overlap.overlapCount == 0)
        #expect(viaDerived.count == total)
        #expect(viaDerived.outOfOrder == 0)
        #expect(viaDerived.completedCount == 1)
        #expect(derived.value == total)
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test("swap from many threads hands every value out exactly once")
    func swapHandsOutEachValueOnce() {
        let property = MutableProperty(-1)
        let seen = Locked<[Int]>([])
        onThreads(Self.threads) { thread in
            for index in 0..<Self.updates { seen.append(property.swap(thread * Self.updates + index)) }
        }
        let all = (seen.value + [property.value]).sorted()
        #expect(all == Array(-1..<(Self.threads * Self.updates)))
    }
}
