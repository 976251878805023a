import Dispatch
import Rill
import RillTesting
import Testing

@Suite("Binding: ends when either side ends, and never keeps the target alive")
struct BindingEndTests {
    @Test("the source's completion ends the binding")
    func sourceCompletes() {
        let source = ManualSource<Int, Never>()
        let property = MutableProperty(0)
        let binding = property <~ source.signal
        source.sendNext(1)
        source.sendCompleted()
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
        #expect(property.value == 1)
    }

    @Test("disposing the binding stops the writes and disposes the source's subscription")
    func disposal() {
        let source = ManualSource<Int, Never>()
        let property = MutableProperty(0)
        let binding = property <~ source.signal
        source.sendNext(1)
        binding.dispose()
        source.sendNext(2)
        #expect(source.isDisposed)
        #expect(property.value == 1)
    }

    @Test("the target's lifetime ending ends the binding at once, with no value")
    func targetLifetimeEnds() {
        let source = ManualSource<String, Never>()
        var profile: OwnedProfile? = OwnedProfile()
        weak let weakProfile = profile
        let binding = source.signal.bind(to: BindingTarget(profile!, \.name))
        source.sendNext("ada")
        #expect(profile?.name == "ada")
        profile = nil
        #expect(weakProfile == nil)
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
    }

    @Test("binding to an ended lifetime does not subscribe")
    func endedTarget() {
        let source = ManualSource<Int, Never>()
        let binding = BindingTarget<Int>(lifetime: .empty) { _ in } <~ source.signal
        #expect(binding.isDisposed)
        #expect(source.subscriptions.value == 0)
    }

    @Test("a released property ends the bindings into it, while the source is still alive")
    func propertyReleased() {
        let source = ManualSource<Int, Never>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        weak let weakProperty = property
        let binding = property! <~ source.signal
        source.sendNext(1)
        property = nil
        #expect(weakProperty == nil)
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
    }

    @Test("a value a binding writes as the property is released is dropped, not remembered")
    func writeAfterTheEnd() {
        let source = Subject<Int, Never>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        let signal = property!.signal
        let binding = property! <~ source.signal
        source.sendNext(1)
        // Runs in the property's deinit, after its completion and before its bindings end.
        signal.subscribe(completed: { source.sendNext(2) })
        property = nil
        #expect(binding.isDisposed)
        #expect(signal.record().events == [.next(1), .completed])
    }

    @Test("a property's key path binding ends when the property is released, with no value")
    func propertyKeyPath() {
        let source = ManualSource<Int, Never>()
        var property: MutableProperty<Int>? = MutableProperty(0)
        let binding = source.signal.bind(to: property!, \.value)
        source.sendNext(1)
        #expect(property?.value == 1)
        property = nil
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
    }

    @Test("a plain object is released while bound; the binding ends at the next value")
    func plainObjectReleased() {
        let source = ManualSource<String, Never>()
        var profile: Profile? = Profile()
        weak let weakProfile = profile
        let binding = source.signal.bind(to: profile!, \.name)
        source.sendNext("ada")
        profile = nil
        #expect(weakProfile == nil)
        #expect(!binding.isDisposed)
        source.sendNext("grace")
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
    }

    @Test("a released subject ends the bindings into it at the next value")
    func subjectReleased() {
        let source = ManualSource<Int, Never>()
        var subject: Subject<Int, Never>? = Subject()
        weak let weakSubject = subject
        let binding = subject! <~ source.signal
        subject = nil
        #expect(weakSubject == nil)
        source.sendNext(1)
        #expect(binding.isDisposed)
        #expect(source.isDisposed)
    }

    @Test("a released subject of each kind ends its bindings at the next value, which it does not send")
    func otherSubjectsReleased() {
        func check<Target: SubjectProtocol & BindingTargetProvider & AnyObject>(
            _ make: () -> Target
        ) where Target.Value == Int, Target.Failure == Never {
            let source = ManualSource<Int, Never>()
            var subject: Target? = make()
            weak let weakSubject = subject
            // Its signal outlives it, so a value written after its release would show here.
            let signal = subject!.signal
            let events = signal.record()
            let binding = subject! <~ source.signal
            source.sendNext(1)
            subject = nil
            #expect(weakSubject == nil)
            #expect(!binding.isDisposed)
            source.sendNext(2)
            #expect(binding.isDisposed)
            #expect(source.isDisposed)
            #expect(events.values.last == 1)
            #expect(!events.isTerminated)
            events.dispose()
        }
        check { BehaviorSubject<Int, Never>(0) }
        check { ReplaySubject<Int, Never>() }
        check { Subject<Int, Never>() }
    }

    @Test("a view model bound to its own properties is released while its sources live on")
    func viewModelBoundToItself() {
        let names = MutableProperty("ada")
        let ages = ManualSource<Int, Never>()
        var model: ProfileModel? = ProfileModel(names: names, ages: ages.signal)
        weak let weakModel = model
        weak let weakProfile = model!.profile
        let greetings = model!.greeting.signal.record()
        for subscriber in ages.allSubscribers { subscriber.sendNext(36) }
        #expect(model?.greeting.value == "ada")
        #expect(model?.profile.age == 36)
        model = nil
        #expect(weakModel == nil)
        #expect(weakProfile == nil)
        #expect(greetings.isCompleted)
        // The binding tied to the model's lifetime ended with it; the one into the plain
        // object ends at the next value.
        #expect(ages.allSubscribers.map(\.isDisposed) == [false, true])
        names.value = "grace"
        for subscriber in ages.allSubscribers { subscriber.sendNext(37) }
        #expect(ages.allSubscribers.map(\.isDisposed) == [true, true])
    }

    @Test("the object is kept alive for a whole write when released on another thread meanwhile")
    func releasedDuringWrite() {
        let log = Locked<[String]>([])
        let writing = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var target: SlowTarget? = SlowTarget(log: log, writing: writing, proceed: proceed)
        weak let weakTarget = target
        let source = Subject<Int, Never>()
        source.signal.bind(to: target!, \.value)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            source.sendNext(1)
            done.signal()
        }
        #expect(writing.wait(timeout: .now() + HangGuard.seconds) == .success)
        target = nil
        #expect(weakTarget != nil)
        #expect(log.value == ["write began"])
        proceed.signal()
        #expect(done.wait(timeout: .now() + HangGuard.seconds) == .success)
        #expect(weakTarget == nil)
        #expect(log.value == ["write began", "write ended", "released"])
        source.sendCompleted()
    }

    @Test("concurrent sends from 8 threads into a bound property lose nothing")
    func concurrentSends() {
        let source = Subject<Int, Never>()
        let property = MutableProperty(-1)
        let changes = property.changes.record()
        property <~ source.signal
        onThreads(8) { thread in
            for index in 0..<1_000 { source.sendNext(thread * 1_000 + index) }
        }
        #expect(changes.values.count == 8_000)
        #expect(Set(changes.values) == Set(0..<8_000))
        #expect(changes.values.last == property.value)
    }

    @Test("a property released while a binding writes into it from another thread: values, then the end")
    func propertyReleasedWhileWritten() {
        for _ in 0..<200 {
            let source = Subject<Int, Never>()
            var property: MutableProperty<Int>? = MutableProperty(0)
            weak let weakProperty = property
            // A raw observer, which drops nothing after the completion, unlike subscribe(next:).
            let events = Locked<[Event<Int, Never>]>([])
            let subscription = CompositeDisposable()
            let signal = property!.signal
            signal.subscribe(Observer { events.append($0) }, in: subscription)
            let binding = property! <~ source.signal
            let started = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                started.signal()
                for value in 1...1_000 { source.sendNext(value) }
                done.signal()
            }
            started.wait()
            property = nil
            #expect(done.wait(timeout: .now() + HangGuard.seconds) == .success)
            #expect(weakProperty == nil)
            #expect(binding.isDisposed)
            let values = events.value.compactMap(\.value)
            #expect(events.value.last == .completed && events.value.count == values.count + 1)
            #expect(values == Array(0...(values.last ?? 0)))
            // A later subscription receives the last value sent, then the end: no write made
            // after the end is remembered.
            #expect(signal.record().events == [.next(values.last ?? 0), .completed])
            subscription.dispose()
        }
    }
}

/// A view model that binds its sources into its own state, holding itself only weakly.
final class ProfileModel: LifetimeProviding, Sendable {
    let lifetime: Lifetime
    private let token: Lifetime.Token
    let greeting = MutableProperty("")
    let profile = Profile()

    init(names: MutableProperty<String>, ages: Signal<Int, Never>) {
        (lifetime, token) = Lifetime.make()
        greeting <~ names
        ages.bind(to: BindingTarget(profile, \.age))
        BindingTarget<Int>(lifetime: lifetime) { [weak self] in self?.profile.age = $0 } <~ ages
    }
}

/// An object whose setter pauses half-way, so a test can release the object meanwhile.
final class SlowTarget: Sendable {
    private let log: Locked<[String]>
    private let writing: DispatchSemaphore
    private let proceed: DispatchSemaphore

    init(log: Locked<[String]>, writing: DispatchSemaphore, proceed: DispatchSemaphore) {
        self.log = log
        self.writing = writing
        self.proceed = proceed
    }

    deinit { log.append("released") }

    var value: Int {
        get { 0 }
        set {
            log.append("write began")
            writing.signal()
            _ = proceed.wait(timeout: .now() + HangGuard.seconds)
            log.append("write ended")
        }
    }
}
