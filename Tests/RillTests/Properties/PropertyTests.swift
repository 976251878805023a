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

    @Test("a view keeps its property alive; both gone, the signals complete")
    func viewRetains() {
        var mutable: MutableProperty<Int>? = MutableProperty(1)
        weak let weakMutable = mutable
        var view: Property<Int>? = Property(mutable!)
        let recorder = view!.signal.record()
        mutable = nil
        #expect(weakMutable != nil)
        #expect(!recorder.isTerminated)
        view = nil
        #expect(weakMutable == nil)
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test("a view of a view shares the value and keeps the chain alive")
    func viewOfView() {
        let mutable = MutableProperty("a")
        let view = Property(Property(mutable))
        mutable.value = "b"
        #expect(view.value == "b")
        #expect(view.signal.record().values == ["b"])
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

    @Test("capturing follows another property without keeping it alive, and keeps the last value")
    func capturing() {
        var mutable: MutableProperty<Int>? = MutableProperty(1)
        weak let weakMutable = mutable
        let captured = Property(capturing: mutable!)
        let recorder = captured.signal.record()
        mutable!.value = 2
        #expect(captured.value == 2)
        mutable = nil
        #expect(weakMutable == nil)
        #expect(captured.value == 2)
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test("a view of a user's own property type follows it and keeps it alive")
    func viewOfCustomConformer() {
        final class Box: PropertyProtocol {
            let storage = MutableProperty(1)
            var value: Int { storage.value }
            var signal: Signal<Int, Never> { storage.signal }
            var changes: Signal<Int, Never> { storage.changes }
        }
        var box: Box? = Box()
        weak let weakBox = box
        let view = Property(box!)
        box!.storage.value = 5
        box = nil
        #expect(weakBox != nil)
        #expect(view.value == 5)
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
