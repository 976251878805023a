import Rill
import RillTesting
import Testing

/// An object written from any thread: its state is behind a lock, so it is `Sendable`.
final class Profile: Sendable {
    private let state = Locked<(name: String, age: Int)>((name: "", age: 0))
    let writes = Locked<[String]>([])

    var name: String {
        get { state.value.name }
        set {
            state.withLock { $0.name = newValue }
            writes.append(newValue)
        }
    }

    var age: Int {
        get { state.value.age }
        set { state.withLock { $0.age = newValue } }
    }
}

/// A `Profile` with a lifetime of its own, so that bindings to it end as soon as it goes.
final class OwnedProfile: LifetimeProviding, Sendable {
    let lifetime: Lifetime
    private let token: Lifetime.Token
    private let storage = Locked("")

    var name: String {
        get { storage.value }
        set { storage.value = newValue }
    }

    init() {
        (lifetime, token) = Lifetime.make()
    }
}

/// A type of the user's that accepts bindings by providing a target: how a command plugs in.
struct Logger: BindingTargetProvider {
    let lines = Locked<[String]>([])
    let lifetime: Lifetime

    var bindingTarget: BindingTarget<String> {
        BindingTarget(lifetime: lifetime) { [lines] in lines.append("log: \($0)") }
    }
}

@Suite("Binding: one mechanism for every target")
struct BindingTargetTests {
    @Test("a mutable property takes each value and sends it as a change")
    func mutableProperty() {
        let property = MutableProperty(0)
        let changes = property.changes.record()
        let source = Subject<Int, Never>()
        property <~ source.signal
        source.sendNext(1)
        source.sendNext(2)
        #expect(property.value == 2)
        #expect(changes.values == [1, 2])
    }

    @Test("an object's key path is set to each value")
    func keyPath() {
        let profile = Profile()
        Signal.from(["ada", "grace"]).bind(to: profile, \.name)
        #expect(profile.name == "grace")
        #expect(profile.writes.value == ["ada", "grace"])
    }

    @Test("a key-path target built once can be bound with <~")
    func keyPathTarget() {
        let profile = Profile()
        BindingTarget(profile, \.age) <~ Signal.from([30, 31])
        #expect(profile.age == 31)
    }

    @Test("a closure tied to a lifetime is called with each value until the lifetime ends")
    func closure() {
        let (lifetime, token) = Lifetime.make()
        let received = Locked<[Int]>([])
        let source = Subject<Int, Never>()
        let binding = BindingTarget<Int>(lifetime: lifetime) { received.append($0) } <~ source.signal
        source.sendNext(1)
        token.dispose()
        source.sendNext(2)
        #expect(received.value == [1])
        #expect(binding.isDisposed)
    }

    @Test("a subject sends each value on; the source's completion is not sent")
    func subjects() {
        let subject = Subject<Int, Never>()
        let behavior = BehaviorSubject<Int, Never>(0)
        let replay = ReplaySubject<Int, Never>()
        let fromSubject = subject.signal.record()
        subject <~ Signal.from([1, 2])
        behavior <~ Signal.from([3])
        replay <~ Signal.from([4, 5])
        #expect(fromSubject.values == [1, 2])
        #expect(!fromSubject.isCompleted)
        #expect(behavior.value == 3)
        let fromReplay = replay.signal.record()
        #expect(fromReplay.values == [4, 5])
        #expect(!fromReplay.isCompleted)
        fromSubject.dispose()
        fromReplay.dispose()
    }

    @Test("a type of the user's binds through its bindingTarget")
    func customProvider() {
        let (lifetime, token) = Lifetime.make()
        let logger = Logger(lifetime: lifetime)
        logger <~ Signal.from(["a", "b"])
        #expect(logger.lines.value == ["log: a", "log: b"])
        token.dispose()
        logger <~ Signal.from(["c"])
        #expect(logger.lines.value == ["log: a", "log: b"])
    }

    @Test("binding a property writes its current value, then each change")
    func propertySource() {
        let source = MutableProperty("a")
        let target = MutableProperty("")
        let changes = target.changes.record()
        target <~ source
        source.value = "b"
        #expect(target.value == "b")
        #expect(changes.values == ["a", "b"])
    }

    @Test("nil is written as the nil substitute")
    func nilValue() {
        let profile = Profile()
        let source = Subject<String?, Never>()
        source.signal.bind(to: BindingTarget(profile, \.name), nilValue: "anonymous")
        source.sendNext("ada")
        source.sendNext(nil)
        #expect(profile.writes.value == ["ada", "anonymous"])
        source.sendCompleted()
    }

    @Test("a failure ends the binding and reaches the error handler")
    func errorReported() {
        let property = MutableProperty(0)
        let source = Subject<Int, TestError>()
        let failures = Locked<[TestError]>([])
        let binding = source.signal.bind(to: property, error: { failures.append($0) })
        source.sendNext(1)
        source.sendError(.boom)
        source.sendNext(2)
        #expect(property.value == 1)
        #expect(failures.value == [.boom])
        #expect(binding.isDisposed)
    }

    @Test("a target on a scheduler writes each value on the scheduler's turns, in order")
    func targetOnScheduler() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let written = Locked<[Int]>([])
        let target = BindingTarget<Int>(on: scheduler, lifetime: lifetime) { written.append($0) }
        let source = Subject<Int, Never>()
        let binding = target <~ source.signal
        source.send(1)
        source.send(2)
        #expect(written.value.isEmpty)
        scheduler.advance(by: 0)
        #expect(written.value == [1, 2])
        source.send(3)
        token.dispose()
        scheduler.advance(by: 0)
        #expect(written.value == [1, 2])
        #expect(binding.isDisposed)
    }

    @Test("disposing a binding to a target on a scheduler drops the writes still waiting")
    func targetOnSchedulerDisposal() {
        let scheduler = TestScheduler()
        let (lifetime, token) = Lifetime.make()
        let written = Locked<[Int]>([])
        let binding =
            BindingTarget<Int>(on: scheduler, lifetime: lifetime) { written.append($0) }
            <~ Signal.from([1, 2, 3])
        binding.dispose()
        scheduler.advance(by: 0)
        #expect(written.value.isEmpty)
        #expect(scheduler.queuedActionCount == 0)
        token.dispose()
    }
}
