import Rill
import RillTesting
import Testing

/// Observers run outside the property's lock, so they can read, observe and change it.
@Suite("Property re-entrancy")
struct PropertyReentrancyTests {
    @Test("an observer reads the value, already the new one, and calls withValue without waiting on itself")
    func readFromObserver() {
        let property = MutableProperty(0)
        let read = Locked<[Int]>([])
        let subscription = property.changes.subscribe(next: { _ in
            read.append(property.value)
            read.append(property.withValue { $0 + 1 })
        })
        property.value = 7
        property.value = 10
        #expect(read.value == [7, 8, 10, 11])
        subscription.dispose()
    }

    @Test("an observer can subscribe to the property it observes, and to another that observes it")
    func observeFromObserver() {
        let first = MutableProperty(0)
        let second = MutableProperty(0)
        let latest = Locked<Int?>(nil)
        let inner = DisposeBag()
        let outer = first.signal.subscribe(next: { _ in
            second.signal.subscribe(next: { _ in
                first.signal.subscribe(next: { latest.value = $0 }).store(in: inner)
            }).store(in: inner)
        })
        #expect(latest.value == 0)
        first.value = 1
        #expect(latest.value == 1)
        outer.dispose()
    }

    @Test("an observer can modify the property it observes; the change follows the current one")
    func modifyFromObserver() {
        let property = MutableProperty(0)
        let seen = Locked<[Int]>([])
        let subscription = property.changes.subscribe(next: { value in
            seen.append(value)
            if value < 3 { property.modify { $0 += 1 } }
        })
        property.value = 1
        #expect(seen.value == [1, 2, 3])
        #expect(property.value == 3)
        subscription.dispose()
    }
}
