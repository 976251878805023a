import Dispatch
import Foundation
import Observation
import Rill
import Testing

@MainActor
@Suite("Observable.signal(for:): holds neither the object nor the observer; ends when either is gone")
struct ObservableSignalLifetimeTests {
    @Test("The signal and its subscription do not keep the object alive")
    func objectIsNotRetained() async {
        weak var weakModel: ObservedModel?
        let events = ObservedEvents<String>()
        var subscription: (any Disposable)?
        var signal: Signal<String, Never>?
        do {
            let model = ObservedModel()
            weakModel = model
            signal = model.signal(for: \.query)
            subscription = signal.map(events.subscribe(to:))
        }
        #expect(weakModel == nil)
        #expect(signal != nil)
        subscription?.dispose()
    }

    @Test("When the object is deallocated, the signal completes on the main queue soon after")
    func completesWhenTheObjectIsDeallocated() async {
        let events = ObservedEvents<String>()
        var model: ObservedModel? = ObservedModel()
        let subscription = events.subscribe(to: model!.signal(for: \.query))
        model = nil
        #expect(events.completions == 0)
        #expect(await events.events(2))
        #expect(events.values == [""])
        #expect(events.completions == 1)
        #expect(events.offMainEvents == 0)
        subscription.dispose()
    }

    @Test("An object deallocated on another thread ends the signal on the main queue")
    func deallocatedOffMain() async {
        let events = ObservedEvents<Int>()
        let holder = Locked<ObservedModel?>(ObservedModel())
        let subscription = events.subscribe(to: holder.value!.signal(for: \.count))
        await Task.detached { holder.value = nil }.value
        #expect(await events.events(2))
        #expect(events.completions == 1)
        #expect(events.offMainEvents == 0)
        subscription.dispose()
    }

    @Test("Subscribed after the object is gone, the signal completes at once with no value")
    func subscribedAfterTheObjectIsGone() {
        var model: ObservedModel? = ObservedModel()
        let signal = model!.signal(for: \.query)
        model = nil
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: signal)
        #expect(events.values.isEmpty)
        #expect(events.completions == 1)
        subscription.dispose()
    }

    @Test("Subscribed on another thread after the object is gone, the signal completes on the main queue")
    func subscribedOffMainAfterTheObjectIsGone() async {
        var model: ObservedModel? = ObservedModel()
        let signal = model!.signal(for: \.query)
        model = nil
        let events = ObservedEvents<String>()
        let subscription = await Task.detached { events.subscribe(to: signal) }.value
        #expect(await events.events(1))
        #expect(events.values.isEmpty)
        #expect(events.completions == 1)
        #expect(events.offMainEvents == 0)
        subscription.dispose()
    }

    @Test("Subscribed after the observer is gone, the signal completes at once with no value")
    func subscribedAfterTheObserverIsGone() {
        let model = ObservedModel()
        var observer: Token? = Token()
        let signal = model.signal(for: \.query, observer: observer)
        observer = nil
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: signal)
        #expect(events.values.isEmpty)
        #expect(events.completions == 1)
        subscription.dispose()
    }

    @Test("When the observer is deallocated, the signal completes at the next change, with no value")
    func completesAtTheNextChangeAfterTheObserverIsGone() async {
        let model = ObservedModel()
        var observer: Token? = Token()
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: model.signal(for: \.query, observer: observer))
        #expect(events.values == [""])
        observer = nil
        await mainQueueTurns(3)
        #expect(events.completions == 0)
        model.query = "after"
        #expect(await events.events(2))
        #expect(events.values == [""])
        #expect(events.completions == 1)
        subscription.dispose()
    }

    @Test("With a nested key path, the signal ends when the observed object is deallocated")
    func nestedKeyPathEndsWithTheObject() async {
        let events = ObservedEvents<String>()
        var model: ObservedModel? = ObservedModel()
        let subscription = events.subscribe(to: model!.signal(for: \.settings.name))
        model = nil
        #expect(await events.events(2))
        #expect(events.completions == 1)
        subscription.dispose()
    }

    @Test("An inner object that outlives the observed one keeps the signal until its own next change")
    func innerObjectOutlivesTheObject() async {
        let settings = ObservedSettings()
        let events = ObservedEvents<String>()
        var model: ObservedModel? = ObservedModel()
        model!.settings = settings
        let subscription = events.subscribe(to: model!.signal(for: \.settings.name))
        model = nil
        await mainQueueTurns(3)
        #expect(events.completions == 0)
        settings.name = "changed"
        #expect(await events.events(2))
        #expect(events.values == ["initial"])
        #expect(events.completions == 1)
        subscription.dispose()
    }

    @Test("Disposal stops the observation and releases the subscriber; later changes send nothing")
    func disposalReleasesEverything() async {
        let model = ObservedModel()
        weak var weakToken: Token?
        let events = ObservedEvents<String>()
        var subscription: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            subscription = model.signal(for: \.query).on(next: { _ in token.touch() }).subscribe(
                next: { _ in })
        }
        #expect(weakToken != nil)
        subscription?.dispose()
        await mainQueueTurns(1)
        #expect(weakToken == nil)
        let other = events.subscribe(to: model.signal(for: \.query))
        other.dispose()
        model.query = "ignored"
        await mainQueueTurns(3)
        #expect(events.values == [""])
        #expect(events.completions == 0)
    }

    @Test("Disposal before a subscription from another thread has read the value sends nothing")
    func disposedBeforeTheFirstRead() async {
        let model = ObservedModel()
        let signal = model.signal(for: \.query)
        let events = ObservedEvents<String>()
        // The main queue is held until the other thread has subscribed and disposed, so the read
        // that the subscription scheduled there runs only after the disposal.
        let done = DispatchSemaphore(value: 0)
        Thread {
            events.subscribe(to: signal).dispose()
            done.signal()
        }.start()
        done.wait()
        await mainQueueTurns(3)
        #expect(events.values.isEmpty)
        #expect(events.completions == 0)
    }
}
