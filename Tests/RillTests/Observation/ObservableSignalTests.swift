import Dispatch
import Observation
import Rill
import Testing

@MainActor
@Suite("Observable.signal(for:): the current value, then the latest value after each turn that changed it")
struct ObservableSignalTests {
    @Test("Subscribed on the main queue, the current value is sent before subscribe returns")
    func currentValueOnSubscribe() {
        let model = ObservedModel()
        model.query = "swift"
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: model.signal(for: \.query))
        #expect(events.values == ["swift"])
        #expect(events.completions == 0)
        subscription.dispose()
    }

    @Test("The value is read when the signal is subscribed, not when it is created")
    func readAtSubscription() {
        let model = ObservedModel()
        let signal = model.signal(for: \.query)
        model.query = "later"
        let first = ObservedEvents<String>()
        let second = ObservedEvents<String>()
        let subscriptions = [first.subscribe(to: signal)]
        model.query = "later still"
        let more = subscriptions + [second.subscribe(to: signal)]
        #expect(first.values == ["later"])
        #expect(second.values == ["later still"])
        for subscription in more { subscription.dispose() }
    }

    @Test("A change is sent in a later turn of the main queue, not during the mutation")
    func changeArrivesInALaterTurn() async {
        let model = ObservedModel()
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: model.signal(for: \.query))
        model.query = "a"
        #expect(events.values == [""])
        #expect(await events.events(2))
        #expect(events.values == ["", "a"])
        #expect(events.offMainEvents == 0)
        subscription.dispose()
    }

    @Test("Many changes in one turn arrive as one value, the latest")
    func changesInOneTurnCoalesce() async {
        let model = ObservedModel()
        let events = ObservedEvents<Int>()
        let subscription = events.subscribe(to: model.signal(for: \.count))
        for value in 1...1000 { model.count = value }
        #expect(await events.events(2))
        await mainQueueTurns(3)
        #expect(events.values == [0, 1000])
        subscription.dispose()
    }

    @Test("Changes in separate turns each arrive, in order")
    func changesInSeparateTurns() async {
        let model = ObservedModel()
        let events = ObservedEvents<Int>()
        let subscription = events.subscribe(to: model.signal(for: \.count))
        for value in 1...5 {
            model.count = value
            #expect(await events.events(value + 1))
        }
        #expect(events.values == [0, 1, 2, 3, 4, 5])
        subscription.dispose()
    }

    @Test("A value changed and changed back in one turn is sent again; setting an equal value sends nothing")
    func repeatsAreNotDropped() async {
        let model = ObservedModel()
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: model.signal(for: \.query))
        model.query = ""
        await mainQueueTurns(3)
        #expect(events.values == [""])
        model.query = "x"
        model.query = ""
        #expect(await events.events(2))
        await mainQueueTurns(3)
        #expect(events.values == ["", ""])
        subscription.dispose()
    }

    @Test("A handler that changes the value gets the new value in a later turn, without nesting")
    func handlerChangesTheValue() async {
        let model = ObservedModel()
        let seen = MainActorLog()
        let subscription = model.signal(for: \.count).deliver(on: .main).subscribe(next: { value in
            seen.values.append(value)
            if value < 3 { model.count += 1 }
        })
        #expect(seen.values == [0])
        #expect(model.count == 1)
        for _ in 0..<100 where seen.values.count < 4 { await mainQueueTurns() }
        #expect(seen.values == [0, 1, 2, 3])
        subscription.dispose()
    }

    @Test("Subscribed on another thread, the current value and the changes arrive on the main queue")
    func subscribedOffMain() async {
        let model = ObservedModel()
        model.query = "now"
        let signal = model.signal(for: \.query)
        let events = ObservedEvents<String>()
        let subscription = await Task.detached { events.subscribe(to: signal) }.value
        #expect(await events.events(1))
        model.query = "next"
        #expect(await events.events(2))
        #expect(events.values == ["now", "next"])
        #expect(events.offMainEvents == 0)
        subscription.dispose()
    }

    @Test(
        "Changes made by many tasks on other threads reach the signal on the main queue; the last value is the model's"
    )
    func changesFromOtherThreads() async {
        let model = ObservedModel()
        let events = ObservedEvents<Int>()
        let subscription = events.subscribe(to: model.signal(for: \.count))
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 { await incrementCount(of: model) }
                }
            }
        }
        #expect(model.count == 400)
        await mainQueueTurns(3)
        #expect(events.values.last == 400)
        #expect(events.values.first == 0)
        #expect(events.values == events.values.sorted())
        #expect(events.offMainEvents == 0)
        subscription.dispose()
    }

    @Test("Subscriptions started and disposed on other threads while the model changes")
    func subscribeAndDisposeOffMain() async {
        let model = ObservedModel()
        let signal = model.signal(for: \.count)
        let events = ObservedEvents<Int>()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<20 {
                        let subscription = events.subscribe(to: signal)
                        await incrementCount(of: model)
                        subscription.dispose()
                    }
                }
            }
        }
        await mainQueueTurns(3)
        #expect(model.count == 160)
        #expect(events.offMainEvents == 0)
        #expect(events.completions == 0)
    }

    @Test("A nested key path follows the inner object, and a replacement of it")
    func nestedKeyPath() async {
        let model = ObservedModel()
        let events = ObservedEvents<String>()
        let subscription = events.subscribe(to: model.signal(for: \.settings.name))
        model.settings.name = "inner"
        #expect(await events.events(2))
        let replacement = ObservedSettings()
        replacement.name = "replaced"
        model.settings = replacement
        #expect(await events.events(3))
        replacement.name = "replaced again"
        #expect(await events.events(4))
        #expect(events.values == ["initial", "inner", "replaced", "replaced again"])
        subscription.dispose()
    }

    @Test("An optional value's nil is a value like any other, not the end")
    func optionalValue() async {
        let model = ObservedModel()
        let events = ObservedEvents<String?>()
        let subscription = events.subscribe(to: model.signal(for: \.selection))
        model.selection = "a"
        #expect(await events.events(2))
        model.selection = nil
        #expect(await events.events(3))
        #expect(events.values == [nil, "a", nil])
        #expect(events.completions == 0)
        subscription.dispose()
    }

    @Test("A key path that reads no tracked property sends its value once and stays quiet")
    func untrackedKeyPath() async {
        let model = ObservedModel()
        let events = ObservedEvents<Int>()
        let subscription = events.subscribe(to: model.signal(for: \.untracked))
        model.untracked = 1
        await mainQueueTurns(3)
        #expect(events.values == [0])
        #expect(events.completions == 0)
        subscription.dispose()
    }
}

/// Changes the model on the main actor, where a caller on another thread has to hop to do it.
@MainActor
private func incrementCount(of model: ObservedModel) {
    model.count += 1
}

/// Values seen by `@MainActor` handlers, the way a view model keeps them.
@MainActor
private final class MainActorLog {
    var values: [Int] = []
}
