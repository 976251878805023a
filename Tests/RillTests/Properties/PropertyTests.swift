import Rill
import RillTesting
import Testing

@Suite("Property")
struct PropertyTests {
    @Test("a read-only view has the mutable property's value and signals")
    func readOnlyView() {
        let mutable = MutableProperty(1)
        let view = Property(mutable)
        let all = view.signal.record()
        let changes = view.changes.record()
        mutable.value = 2
        #expect(view.value == 2)
        #expect(all.values == [1, 2])
        #expect(changes.values == [2])
    }

    @Test(
        "a view does not keep its property alive; once it is gone, the view keeps the last value and its signals complete"
    )
    func viewDoesNotRetain() {
        var mutable: MutableProperty<String>? = MutableProperty("initial")
        weak let weakMutable = mutable
        let view = Property(mutable!)
        let recorder = view.signal.record()
        mutable!.value = "subsequent"
        #expect(view.value == "subsequent")
        mutable = nil
        #expect(weakMutable == nil)
        #expect(view.value == "subsequent")
        #expect(recorder.events == [.next("initial"), .next("subsequent"), .completed])
        #expect(view.signal.record().events == [.next("subsequent"), .completed])
        #expect(view.changes.record().events == [.completed])
    }

    @Test("a view of a view shares the value, and keeps neither alive")
    func viewOfView() {
        var mutable: MutableProperty<String>? = MutableProperty("a")
        weak let weakMutable = mutable
        var inner: Property<String>? = Property(mutable!)
        weak let weakInner = inner
        let view = Property(inner!)
        mutable!.value = "b"
        #expect(view.value == "b")
        #expect(view.signal.record().values == ["b"])
        inner = nil
        #expect(weakInner == nil)
        mutable!.value = "c"
        #expect(view.value == "c")
        mutable = nil
        #expect(weakMutable == nil)
        #expect(view.signal.record().events == [.next("c"), .completed])
    }

    @Test("a view of a property that keeps another alive lets both go")
    func viewOfCapturing() {
        var mutable: MutableProperty<Int>? = MutableProperty(1)
        weak let weakMutable = mutable
        var wrapper: Property<Int>? = Property(capturing: mutable!)
        let view = Property(wrapper!)
        mutable = nil
        #expect(weakMutable != nil)
        wrapper = nil
        #expect(weakMutable == nil)
        #expect(view.value == 1)
        #expect(view.signal.record().events == [.next(1), .completed])
    }

    @Test("a view of a derived property follows it after the derived property is released")
    func viewOfDerived() {
        let mutable = MutableProperty(1)
        var derived: Property<Int>? = mutable.map { $0 * 10 }
        weak let weakDerived = derived
        let view = Property(derived!)
        derived = nil
        #expect(weakDerived == nil)
        mutable.value = 2
        #expect(view.value == 20)
        #expect(view.signal.record().values == [20])
    }

    @Test("a constant property sends its value and completes; its changes complete at once")
    func constant() {
        let property = Property(value: 42)
        #expect(property.value == 42)
        #expect(property.signal.record().events == [.next(42), .completed])
        #expect(property.changes.record().events == [.completed])
    }

    @Test("initial:then: starts with the initial value, then takes the signal's values")
    func initialThen() {
        let subject = Subject<Int, Never>()
        let property = Property(initial: 0, then: subject.signal)
        let recorder = property.signal.record()
        #expect(property.value == 0)
        subject.sendNext(1)
        subject.sendNext(2)
        #expect(property.value == 2)
        #expect(recorder.values == [0, 1, 2])
        subject.sendCompleted()
    }

    @Test("initial:then: completes its signals when the upstream completes, and keeps the last value")
    func initialThenCompletes() {
        let subject = Subject<Int, Never>()
        let property = Property(initial: 0, then: subject.signal)
        let recorder = property.changes.record()
        subject.sendNext(1)
        subject.sendCompleted()
        #expect(recorder.events == [.next(1), .completed])
        #expect(property.value == 1)
        #expect(property.signal.record().events == [.next(1), .completed])
    }

    @Test("initial:then: takes the values a synchronous upstream sends during subscription")
    func initialThenSynchronous() {
        let property = Property(initial: 0, then: .from([1, 2, 3]))
        #expect(property.value == 3)
        #expect(property.signal.record().events == [.next(3), .completed])
    }

    @Test("initial:then: keeps running after the property is released while someone subscribes")
    func initialThenOutlivesProperty() {
        let subject = Subject<Int, Never>()
        var property: Property<Int>? = Property(initial: 0, then: subject.signal)
        let recorder = property!.signal.record()
        weak let released = property
        property = nil
        #expect(released == nil)
        subject.sendNext(1)
        #expect(recorder.values == [0, 1])
        subject.sendCompleted()
        #expect(recorder.isCompleted)
    }

    @Test(
        "initial:then: disposes its upstream once neither the property, its signals nor a subscription is left"
    )
    func initialThenDisposesUpstream() {
        let disposed = Flag()
        let upstream = Signal<Int, Never> { _, lifetime in lifetime.add { disposed.set() } }
        var property: Property<Int>? = Property(initial: 0, then: upstream)
        var signal: Signal<Int, Never>? = property!.signal
        let subscription = signal!.subscribe(next: { _ in })
        property = nil
        signal = nil
        #expect(!disposed.isSet)
        subscription.dispose()
        #expect(disposed.isSet)
    }

    @Test("a kept signal of a released property keeps its upstream; disposed, the signals end")
    func keptSignalKeepsUpstream() {
        let subject = Subject<Int, Never>()
        var property: Property<Int>? = Property(initial: 0, then: subject.signal)
        let signal = property!.signal
        property = nil
        subject.sendNext(1)
        #expect(signal.record().values == [1])
        subject.sendCompleted()
        #expect(signal.record().events == [.next(1), .completed])
    }

    @Test(
        "capturing keeps the wrapped property alive and shares its value and signals; both gone, the signals complete"
    )
    func capturing() {
        var mutable: MutableProperty<Int>? = MutableProperty(1)
        weak let weakMutable = mutable
        var captured: Property<Int>? = Property(capturing: mutable!)
        let recorder = captured!.signal.record()
        let changes = captured!.changes.record()
        mutable!.value = 2
        #expect(captured!.value == 2)
        mutable = nil
        #expect(weakMutable != nil)
        #expect(!recorder.isTerminated)
        captured = nil
        #expect(weakMutable == nil)
        #expect(recorder.events == [.next(1), .next(2), .completed])
        #expect(changes.events == [.next(2), .completed])
    }

    @Test("capturing a derived property keeps it alive")
    func capturingDerived() {
        let mutable = MutableProperty(1)
        var derived: Property<Int>? = mutable.map { $0 + 1 }
        weak let weakDerived = derived
        var captured: Property<Int>? = Property(capturing: derived!)
        derived = nil
        #expect(weakDerived != nil)
        mutable.value = 5
        #expect(captured!.value == 6)
        captured = nil
        #expect(weakDerived == nil)
    }

    /// A user's own property type, over a mutable property it owns.
    final class Box: PropertyProtocol {
        let storage = MutableProperty(1)
        var value: Int { storage.value }
        var signal: Signal<Int, Never> { storage.signal }
        var changes: Signal<Int, Never> { storage.changes }
    }

    @Test("a view of a user's own property type follows it without keeping it alive")
    func viewOfCustomConformer() {
        var box: Box? = Box()
        weak let weakBox = box
        let view = Property(box!)
        box!.storage.value = 5
        #expect(view.value == 5)
        box = nil
        #expect(weakBox == nil)
        #expect(view.value == 5)
        #expect(view.signal.record().events == [.next(5), .completed])
    }

    @Test("capturing a user's own property type follows it and keeps it alive")
    func capturingCustomConformer() {
        var box: Box? = Box()
        weak let weakBox = box
        var captured: Property<Int>? = Property(capturing: box!)
        box!.storage.value = 5
        box = nil
        #expect(weakBox != nil)
        #expect(captured!.value == 5)
        captured = nil
        #expect(weakBox == nil)
    }

    @Test("the examples in the documentation of MutableProperty and Property")
    func documentationExamples() {
        let query = MutableProperty("")
        let isSearchable = query.map { $0.count >= 3 }
        query.value = "rill"
        #expect(isSearchable.value)

        let firstName = MutableProperty("Ada")
        let lastName = MutableProperty("Lovelace")
        let fullName = firstName.combineLatest(with: lastName).map { "\($0) \($1)" }
        #expect(fullName.value == "Ada Lovelace")
    }
}
