import Rill
import RillTesting
import Testing

/// An observer made in a main-actor type, whose closure writes the actor's state: it compiles
/// warning-free in Swift 6 mode and is called on the main actor, where the subscription runs.
@MainActor
private final class MainActorLog {
    var lines: [String] = []

    func record(_ signal: Signal<Int, Never>) {
        let observer = Observer<Int, Never>(handlingInPlace: { event in
            switch event {
            case .next(let value): self.lines.append("next \(value)")
            case .completed: self.lines.append("completed")
            }
        })
        signal.subscribe(observer, in: CompositeDisposable())
    }
}

@Suite("Observer: by value and in place")
struct ObserverTests {
    @Test("An observer made in place receives the events in order, and the one made by value the same")
    func inPlaceAndByValueReceiveTheSameEvents() {
        let signal = Signal<Int, TestError>.from([1, 2, 3]).map { $0 * 10 }.concat(.error(TestError.boom))
        var inPlace: [Event<Int, TestError>] = []
        var byValue: [Event<Int, TestError>] = []
        // Whoever subscribes with a lifetime of its own disposes it after the terminal event (G2).
        let inPlaceLifetime = CompositeDisposable()
        let byValueLifetime = CompositeDisposable()
        signal.subscribe(Observer(handlingInPlace: { inPlace.append($0) }), in: inPlaceLifetime)
        signal.subscribe(Observer { byValue.append($0) }, in: byValueLifetime)
        inPlaceLifetime.dispose()
        byValueLifetime.dispose()
        let expected: [Event<Int, TestError>] = [.next(10), .next(20), .next(30), .error(TestError.boom)]
        #expect(inPlace == expected)
        #expect(byValue == expected)
    }

    @Test("What an observer writes into the event it receives reaches nobody: each stage sends its own")
    func writesIntoTheEventAreNotRead() {
        let received = Locked<[Int]>([])
        let overwriting = Signal<Int, Never>(producer: { downstream, lifetime in
            Signal<Int, Never>.from([1, 2, 3]).subscribe(
                Observer(handlingInPlace: { event in
                    downstream.send(event)
                    event = .next(-1)
                }), in: lifetime)
        })
        _ = overwriting.map { $0 + 1 }.subscribe(next: { value in received.withLock { $0.append(value) } })
        #expect(received.value == [2, 3, 4])
    }

    @Test("An observer in place, made in a main-actor type, writes its state on the main actor")
    @MainActor
    func madeInAMainActorType() {
        let log = MainActorLog()
        log.record(.from([1, 2]))
        #expect(log.lines == ["next 1", "next 2", "completed"])
    }

    @Test("A closure whose parameter type is written out chooses the initializer by its form")
    func explicitClosureTypesChooseTheInitializer() {
        var log: [String] = []
        let byValue = Observer<Int, Never> { (event: Event<Int, Never>) in log.append("by value \(event)") }
        let inPlace = Observer<Int, Never> { (event: inout Event<Int, Never>) in
            log.append("in place \(event)")
        }
        byValue.sendNext(1)
        inPlace.sendNext(2)
        #expect(log == ["by value next(1)", "in place next(2)"])
    }
}
