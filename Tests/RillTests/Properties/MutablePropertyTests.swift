import Rill
import RillTesting
import Testing

@Suite("MutableProperty")
struct MutablePropertyTests {
    @Test("value reads the initial value, and setting it delivers the new one")
    func valueGetSet() {
        let property = MutableProperty(1)
        let recorder = property.signal.record()
        #expect(property.value == 1)
        property.value = 2
        #expect(property.value == 2)
        #expect(recorder.values == [1, 2])
        #expect(!recorder.isTerminated)
    }

    @Test("signal sends the current value on subscription, changes only later changes")
    func signalAndChanges() {
        let property = MutableProperty("a")
        property.value = "b"
        let all = property.signal.record()
        let changes = property.changes.record()
        property.value = "c"
        #expect(all.values == ["b", "c"])
        #expect(changes.values == ["c"])
    }

    @Test("modify changes the value in place, delivers it once and returns the action's result")
    func modify() {
        let property = MutableProperty([1, 2])
        let recorder = property.changes.record()
        let count = property.modify { (values: inout [Int]) -> Int in
            values.append(3)
            values.append(4)
            return values.count
        }
        #expect(count == 4)
        #expect(property.value == [1, 2, 3, 4])
        #expect(recorder.values == [[1, 2, 3, 4]])
    }

    @Test("modify that throws keeps and delivers what it changed, and rethrows the typed error")
    func modifyThrows() {
        let property = MutableProperty(0)
        let recorder = property.changes.record()
        #expect(throws: TestError.boom) {
            try property.modify { (value: inout Int) throws(TestError) in
                value = 5
                throw .boom
            }
        }
        #expect(property.value == 5)
        #expect(recorder.values == [5])
    }

    @Test("swap sets the new value and returns the old one")
    func swap() {
        let property = MutableProperty(10)
        let recorder = property.changes.record()
        #expect(property.swap(20) == 10)
        #expect(property.swap(30) == 20)
        #expect(property.value == 30)
        #expect(recorder.values == [20, 30])
    }

    @Test("withValue reads under the lock and returns the action's result")
    func withValue() {
        let property = MutableProperty((first: 1, second: 2))
        let sum = property.withValue { $0.first + $0.second }
        #expect(sum == 3)
    }

    @Test("a value set from an observer is delivered after the current one reached every observer")
    func reentrantSetIsQueued() {
        let property = MutableProperty(0)
        let log = Locked<[String]>([])
        let first = property.changes.subscribe(next: { value in
            log.append("A\(value)")
            if value == 1 { property.value = 2 }
        })
        let second = property.changes.subscribe(next: { log.append("B\($0)") })
        property.value = 1
        #expect(log.value == ["A1", "B1", "A2", "B2"])
        #expect(property.value == 2)
        first.dispose()
        second.dispose()
    }

    @Test("releasing the property completes its signals, and later subscriptions get the last value and end")
    func releaseCompletes() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        let signal = property!.signal
        let changes = property!.changes
        let all = signal.record()
        let onlyChanges = changes.record()
        property!.value = 2
        weak let released = property
        property = nil
        #expect(released == nil)
        #expect(all.events == [.next(1), .next(2), .completed])
        #expect(onlyChanges.events == [.next(2), .completed])
        #expect(signal.record().events == [.next(2), .completed])
        #expect(changes.record().events == [.completed])
    }

    @Test("a subscription does not keep the property alive")
    func subscriptionDoesNotRetain() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        let subscription = property!.signal.subscribe(next: { _ in })
        weak let released = property
        property = nil
        #expect(released == nil)
        #expect(subscription.isDisposed)
    }

    @Test("errors are impossible by type: every property signal's failure is Never")
    func neverFails() {
        func failure<Value, Failure>(of _: Signal<Value, Failure>) -> Any.Type { Failure.self }
        let property = MutableProperty(1)
        let derived = property.map { $0 + 1 }
        let signals: [Any.Type] = [
            failure(of: property.signal), failure(of: property.changes), failure(of: derived.signal),
            failure(of: derived.changes), failure(of: Property(property).signal),
        ]
        #expect(signals.allSatisfy { $0 == Never.self })
    }
}
