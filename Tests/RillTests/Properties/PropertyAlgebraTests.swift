import Rill
import RillTesting
import Testing

@Suite("Property algebra")
struct PropertyAlgebraTests {
    @Test("map with a closure, a key path and a constant")
    func map() {
        let text = MutableProperty("ab")
        let doubled = text.map { $0 + $0 }
        let count = text.map(\.count)
        let constant = text.map(value: true)
        let counts = count.signal.record()
        let constants = constant.changes.record()
        text.value = "xyz"
        #expect(doubled.value == "xyzxyz")
        #expect(count.value == 3)
        #expect(counts.values == [2, 3])
        #expect(constant.value)
        #expect(constants.values == [true])
    }

    @Test("filter starts with initial when the current value does not pass, and takes passing values")
    func filter() {
        let number = MutableProperty(1)
        let even = number.filter(initial: 0) { $0 % 2 == 0 }
        let recorder = even.signal.record()
        #expect(even.value == 0)
        number.value = 2
        number.value = 3
        number.value = 4
        #expect(even.value == 4)
        #expect(recorder.values == [0, 2, 4])
        #expect(MutableProperty(6).filter(initial: 0) { $0 % 2 == 0 }.value == 6)
    }

    @Test("combineLatest pairs the current values and changes when either side does")
    func combineLatest() {
        let first = MutableProperty("a")
        let second = MutableProperty(1)
        let both = first.combineLatest(with: second)
        let recorder = both.signal.map { "\($0)\($1)" }.record()
        first.value = "b"
        second.value = 2
        #expect(both.value == ("b", 2))
        #expect(recorder.values == ["a1", "b1", "b2"])
    }

    @Test("combineLatest of many, and of none")
    func combineLatestMany() {
        let properties = [MutableProperty(1), MutableProperty(2), MutableProperty(3)]
        let all = Property.combineLatest(properties)
        let recorder = all.changes.record()
        properties[1].value = 20
        #expect(all.value == [1, 20, 3])
        #expect(recorder.values == [[1, 20, 3]])
        #expect(Property.combineLatest([MutableProperty<Int>]()).value == [])
    }

    @Test("zip pairs the n-th values, a new value with the oldest waiting one")
    func zip() {
        let first = MutableProperty(0)
        let second = MutableProperty("a")
        let zipped = first.zip(with: second)
        let recorder = zipped.signal.map { "\($0)\($1)" }.record()
        first.value = 1
        first.value = 2
        #expect(zipped.value == (0, "a"))
        second.value = "b"
        #expect(zipped.value == (1, "b"))
        second.value = "c"
        #expect(recorder.values == ["0a", "1b", "2c"])
    }

    @Test("zipping an already zipped property starts from its current value")
    func zipOfZipped() {
        let first = MutableProperty(0)
        let second = MutableProperty(10)
        let third = MutableProperty(100)
        let pair = first.zip(with: second)
        first.value = 1
        second.value = 11
        let triple = pair.zip(with: third).map { $0.0 + $0.1 + $1 }
        #expect(triple.value == 112)
        first.value = 2
        second.value = 12
        third.value = 102
        #expect(triple.value == 116)
    }

    @Test("zip of many, and of none")
    func zipMany() {
        let properties = [MutableProperty(1), MutableProperty(2)]
        let zipped = Property.zip(properties)
        properties[0].value = 10
        #expect(zipped.value == [1, 2])
        properties[1].value = 20
        #expect(zipped.value == [10, 20])
        #expect(Property.zip([MutableProperty<Int>]()).value == [])
    }

    @Test("combinePrevious pairs each value with the one before, starting from initial")
    func combinePrevious() {
        let number = MutableProperty(1)
        let pairs = number.combinePrevious(0)
        let recorder = pairs.signal.map { "\($0.previous)>\($0.current)" }.record()
        number.value = 2
        number.value = 5
        #expect(pairs.value == (previous: 2, current: 5))
        #expect(recorder.values == ["0>1", "1>2", "2>5"])
    }

    @Test("removeDuplicates drops a value equal to the one before; uniqueValues any seen before")
    func duplicates() {
        let number = MutableProperty(1)
        let changes = number.removeDuplicates().signal.record()
        let unique = number.uniqueValues().signal.record()
        for value in [1, 2, 2, 1, 3] { number.value = value }
        #expect(changes.values == [1, 2, 1, 3])
        #expect(unique.values == [1, 2, 3])
    }

    @Test(
        "removeDuplicates(by:) drops a change its closure calls a repeat; uniqueValues(_:) an identity seen before"
    )
    func duplicatesByClosure() {
        let number = MutableProperty(1)
        let byParity = number.removeDuplicates(by: { $0 % 2 == $1 % 2 })
        let byTens = number.uniqueValues { $0 / 10 }
        let parityChanges = byParity.signal.record()
        let tensChanges = byTens.signal.record()
        for value in [3, 4, 12, 6, 21, 15, 8] { number.value = value }
        #expect(parityChanges.values == [1, 4, 21, 8])
        #expect(tensChanges.values == [1, 12, 21])
        #expect(byParity.value == 8)
        #expect(byTens.value == 21)
    }

    @Test("removeDuplicates(by:) and uniqueValues(_:) complete when their source is released")
    func duplicatesByClosureComplete() {
        var number: MutableProperty<Int>? = MutableProperty(1)
        let byParity = number!.removeDuplicates(by: { $0 % 2 == $1 % 2 })
        let byTens = number!.uniqueValues { $0 / 10 }
        number = nil
        #expect(byParity.signal.record().events == [.next(1), .completed])
        #expect(byTens.signal.record().events == [.next(1), .completed])
    }

    @Test("flatMap(.latest) follows the latest inner property and lets go of the one before")
    func flatMapLatest() {
        let left = MutableProperty("l0")
        let right = MutableProperty("r0")
        let useLeft = MutableProperty(true)
        let chosen = useLeft.flatMap(.latest) { $0 ? left : right }
        let recorder = chosen.signal.record()
        left.value = "l1"
        useLeft.value = false
        left.value = "l2"
        right.value = "r1"
        #expect(chosen.value == "r1")
        #expect(recorder.values == ["l0", "l1", "r0", "r1"])
    }

    @Test("flatten(.merge) takes the values of every inner property")
    func flattenMerge() {
        let first = MutableProperty(1)
        let second = MutableProperty(10)
        let outer = MutableProperty(first)
        let merged = outer.flatten(.merge)
        outer.value = second
        first.value = 2
        #expect(merged.value == 2)
        second.value = 11
        #expect(merged.value == 11)
    }

    @Test("negate, and, or on Bool properties")
    func booleans() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        let notA = a.negate()
        let both = a.and(b)
        let either = a.or(b)
        #expect((notA.value, both.value, either.value) == (false, false, true))
        b.value = true
        #expect((notA.value, both.value, either.value) == (false, true, true))
        a.value = false
        b.value = false
        #expect((notA.value, both.value, either.value) == (true, false, false))
    }

    @Test("all and any of many Bool properties, and of none")
    func allAny() {
        let flags = [MutableProperty(true), MutableProperty(false)]
        let all = Property.all(flags)
        let any = Property.any(flags)
        #expect(!all.value && any.value)
        flags[1].value = true
        #expect(all.value && any.value)
        flags[0].value = false
        flags[1].value = false
        #expect(!all.value && !any.value)
        #expect(Property.all([MutableProperty<Bool>]()).value)
        #expect(!Property.any([MutableProperty<Bool>]()).value)
    }

    @Test("all and any of Bool properties listed as arguments, of different kinds")
    func allAnyVariadic() {
        let first = MutableProperty(true)
        let second = MutableProperty(false)
        let derived = first.negate()
        let all = Property.all(first, second)
        let any = Property.any(second, derived)
        #expect(!all.value && !any.value)
        second.value = true
        #expect(all.value && any.value)
        first.value = false
        #expect(!all.value && any.value)
        second.value = false
        #expect(!Property.any(first, second).value)
        #expect(Property.all(first.negate()).value)
        #expect(Property.all().value)
        #expect(!Property.any().value)
    }

    @Test("lift turns any signal operator that sends at once into a property operator")
    func lift() {
        let number = MutableProperty(1)
        let sums = number.lift { $0.scan(0, +) }
        number.value = 2
        number.value = 3
        #expect(sums.value == 6)
    }

    @Test("a derived property's value is already updated when its observers run, at every level")
    func derivedValueUpdatedFirst() {
        let number = MutableProperty(1)
        let doubled = number.map { $0 * 2 }
        let described = doubled.map { "#\($0)" }
        let seen = Locked<[String]>([])
        let subscription = described.changes.subscribe(next: { text in
            seen.append("\(text) \(described.value) \(doubled.value)")
        })
        number.value = 2
        number.value = 3
        #expect(seen.value == ["#4 #4 4", "#6 #6 6"])
        subscription.dispose()
    }
}

@Suite("Property misuse")
struct PropertyMisuseTests {
    @Test("lifting an operator that sends no value at once stops with a message naming the API")
    func liftWithoutFirstValue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = MutableProperty(1).lift { $0.filter { _ in false } }
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            output.contains(
                "PropertyProtocol.lift(_:): the signal a property is made of must send its first value"))
        #expect(output.contains("Property(initial:then:)"))
    }
}
