import Rill
import RillTesting
import Testing

/// ReactiveSwift's rules for derived properties: they do not keep their sources alive, still
/// answer `value` once the sources are gone, and their signals complete when the original
/// sources are released.
@Suite("Property lifetimes")
struct PropertyLifetimeTests {
    @Test("a derived property does not keep its source alive, and keeps answering value after it")
    func derivedDoesNotRetainSource() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        weak let weakSource = source
        let doubled = source!.map { $0 * 2 }
        source!.value = 5
        source = nil
        #expect(weakSource == nil)
        #expect(doubled.value == 10)
    }

    @Test("a derived property's signals complete when all the original sources are released")
    func derivedCompletesWithSources() {
        var first: MutableProperty<Int>? = MutableProperty(1)
        var second: MutableProperty<Int>? = MutableProperty(2)
        let sum = first!.combineLatest(with: second!).map { pair in (pair.0 + pair.1) * 10 }
        let all = sum.signal.record()
        let changes = sum.changes.record()
        first!.value = 3
        first = nil
        // combineLatest ends when every input has ended, as the signal operator does.
        #expect(!all.isTerminated)
        second = nil
        #expect(all.events == [.next(30), .next(50), .completed])
        #expect(changes.events == [.next(50), .completed])
        #expect(sum.value == 50)
        #expect(sum.signal.record().events == [.next(50), .completed])
    }

    @Test("a derived property's signals keep running after it is released, until the sources end")
    func derivedSignalsOutliveProperty() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        var derived: Property<Int>? = source!.map { $0 + 100 }
        weak let weakDerived = derived
        let recorder = derived!.signal.record()
        derived = nil
        #expect(weakDerived == nil)
        source!.value = 2
        #expect(recorder.values == [101, 102])
        source = nil
        #expect(recorder.isCompleted)
    }

    @Test("a released derived property with no subscriptions stops running its transform")
    func releasedDerivedStops() {
        let source = MutableProperty(1)
        let calls = Counter()
        var derived: Property<Int>? = source.map { value in
            calls.increment()
            return value
        }
        weak let weakDerived = derived
        source.value = 2
        #expect(calls.value == 2)
        derived = nil
        #expect(weakDerived == nil)
        source.value = 3
        #expect(calls.value == 2)
    }

    @Test("a chain of derived properties holds no cycle: everything is released with its holders")
    func noRetainCycles() {
        weak var weakSource: MutableProperty<Int>?
        weak var weakMapped: Property<Int>?
        weak var weakCombined: Property<(Int, Bool)>?
        do {
            let source = MutableProperty(1)
            let flag = MutableProperty(true)
            let mapped = source.map { $0 + 1 }
            let combined = mapped.combineLatest(with: flag.negate())
            let subscription = combined.signal.subscribe(next: { _ in })
            source.value = 2
            (weakSource, weakMapped, weakCombined) = (source, mapped, combined)
            subscription.dispose()
        }
        #expect(weakSource == nil)
        #expect(weakMapped == nil)
        #expect(weakCombined == nil)
    }

    @Test("an observer that captures its own property does not keep it alive once disposed")
    func observerCapturingProperty() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        weak let weakProperty = property
        let captured = property!
        let subscription = property!.changes.subscribe(next: { _ in _ = captured.value })
        property!.value = 1
        property = nil
        #expect(weakProperty != nil)
        subscription.dispose()
        _ = consume captured
        #expect(weakProperty == nil)
    }

    @Test("flatMap(.latest) does not keep the outer source alive")
    func flatMapDoesNotRetainSource() {
        var outer: MutableProperty<Int>? = MutableProperty(1)
        weak let weakOuter = outer
        let inner = MutableProperty(10)
        let flattened = outer!.flatMap(.latest) { _ in inner }
        outer = nil
        #expect(weakOuter == nil)
        #expect(flattened.value == 10)
        inner.value = 11
        #expect(flattened.value == 11)
    }
}
