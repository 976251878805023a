import Rill
import RillTesting
import Testing

@Suite("Constructors")
struct ConstructorTests {
    @Test("just sends its value, then completes")
    func just() {
        #expect(Signal<Int, TestError>.just(1).record().events == [.next(1), .completed])
    }

    @Test("return is the RAC spelling of just")
    func returnIsJust() {
        #expect(Signal<Int, TestError>.return(5).record().events == [.next(5), .completed])
    }

    @Test("empty completes at once without a value")
    func empty() {
        #expect(Signal<Int, TestError>.empty.record().events == [.completed])
    }

    @Test("error fails at once")
    func error() {
        #expect(Signal<Int, TestError>.error(.boom).record().events == [.error(.boom)])
    }

    @Test("never sends nothing, and disposing it is harmless")
    func never() {
        let recorder = Signal<Int, TestError>.never.record()
        #expect(recorder.events.isEmpty)
        recorder.dispose()
        #expect(recorder.events.isEmpty)
    }

    @Test("defer does not call its factory until subscribed, and subscribes to what it returns")
    func deferSubscribesResult() {
        let calls = Counter()
        let source = ManualSource<Int, TestError>()
        let signal = Signal<Int, TestError>.defer {
            calls.increment()
            return source.signal
        }
        #expect(calls.value == 0)
        #expect(source.subscriptions.value == 0)
        let recorder = signal.record()
        #expect(calls.value == 1)
        #expect(source.subscriptions.value == 1)
        source.sendNext(3)
        recorder.dispose()
        #expect(source.isDisposed)
        #expect(recorder.events == [.next(3)])
    }

    @Test("from sends every element in order, then completes")
    func fromSequence() {
        #expect(
            Signal<Int, TestError>.from([3, 1, 2]).record().events == [
                .next(3), .next(1), .next(2), .completed,
            ])
        #expect(Signal<Int, TestError>.from(0..<0).record().events == [.completed])
    }

    @Test("from stops iterating as soon as its lifetime is disposed")
    func fromStopsOnDispose() {
        let pulled = Counter()
        let lifetime = CompositeDisposable()
        let received = Locked<[Int]>([])
        Signal<Int, TestError>.from(CountingNaturals(pulled: pulled)).subscribe(
            Observer { event in
                guard case .next(let value) = event else { return }
                received.append(value)
                if value == 4 { lifetime.dispose() }
            },
            in: lifetime)
        #expect(received.value == [0, 1, 2, 3, 4])
        #expect(pulled.value <= 6)
    }

    @Test("from over an infinite sequence terminates under a bind-based take")
    func fromInfiniteWithTake() {
        let pulled = Counter()
        let recorder = takeWithBind(.from(CountingNaturals(pulled: pulled)), 3).record()
        #expect(recorder.events == [.next(0), .next(1), .next(2), .completed])
        #expect(pulled.value <= 4)
    }

    @Test("create does not run its body until subscribed")
    func createIsLazy() {
        let source = ManualSource<Int, TestError>()
        _ = source.signal
        #expect(source.subscriptions.value == 0)
        let recorder = source.signal.record()
        #expect(source.subscriptions.value == 1)
        recorder.dispose()
    }

    @Test("create passes on what the subscriber sends, from the body and later")
    func createForwards() {
        let box = Locked<Subscriber<Int, TestError>?>(nil)
        let signal = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            box.value = subscriber
            return nil
        }
        let recorder = signal.record()
        box.value?.sendNext(2)
        box.value?.send(.next(3))
        box.value?.send(.error(.other))
        #expect(recorder.events == [.next(1), .next(2), .next(3), .error(.other)])
    }

    @Test("create disposes what its body returned when the subscription is disposed")
    func createDisposesOnDispose() {
        let source = ManualSource<Int, TestError>()
        let subscription = source.signal.subscribe()
        #expect(!source.isDisposed)
        subscription.dispose()
        #expect(source.disposals.value == 1)
    }

    @Test(
        "a create subscriber disposed from inside the body drops everything and disposes the returned disposable"
    )
    func createDisposedInsideBody() {
        let disposed = Counter()
        let signal = Signal<Int, TestError>.create { subscriber in
            subscriber.dispose()
            subscriber.sendNext(1)
            subscriber.sendCompleted()
            return ActionDisposable { disposed.increment() }
        }
        let recorder = signal.record()
        #expect(recorder.events.isEmpty)
        #expect(disposed.value == 1)
    }

    @Test("a subscriber can be disposed twice")
    func subscriberDisposeTwice() {
        let source = ManualSource<Int, TestError>()
        _ = source.signal.record()
        source.subscriber.dispose()
        source.subscriber.dispose()
        #expect(source.subscriber.isDisposed)
        #expect(source.disposals.value == 1)
    }
}

@Suite("Names")
struct NameTests {
    @Test("constants are named like RAC's")
    func constantNames() {
        #expect(Signal<Int, TestError>.just(1).name == "+return: 1")
        #expect(Signal<Int, TestError>.empty.name == "+empty")
        #expect(Signal<Int, TestError>.error(.boom).name == "+error: boom")
        #expect(Signal<Int, TestError>.never.name == "+never")
        #expect(Signal<Int, TestError>.create { _ in nil }.name == "+createSignal:")
        #expect(Signal<Int, TestError>.defer { .empty }.name == "+defer:")
        #expect(Signal<Int, TestError>.from([1]).name.hasPrefix("+from:"))
    }

    @Test("a constant whose value is a signal keeps that signal's name and events")
    func constantOfSignal() {
        let inner = Signal<Int, TestError>.just(1).map { $0 + 1 }
        let constant = Signal<Signal<Int, TestError>, TestError>.just(inner)
        #expect(constant.name == "+return: [+return: 1] -map:")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: constant.flatten())
        #expect(recorder.events == [.next(2), .completed])
        #expect(Signal<String, TestError>.just("a").name == "+return: a")
        // As large as a signal, so asked whether it is one: it is not, and is sent unchanged.
        struct Large: Sendable, Equatable {
            var text = "large"
            var first = SIMD8<Int>(1, 2, 3, 4, 5, 6, 7, 8)
        }
        #expect(MemoryLayout<Large>.size >= MemoryLayout<Signal<Never, Never>>.size)
        let large = EventRecorder<Large, TestError>()
        large.subscribe(to: .just(Large()))
        #expect(large.events == [.next(Large()), .completed])
    }

    @Test("derived signals are named [receiver] -selector, nested like RAC's")
    func derivedNames() {
        let bound = Signal<Int, TestError>.just(1).bind { { .merge(.just($0)) } }
        #expect(bound.name == "[+return: 1] -bind:")
        #expect(bound.bind { { .merge(.just($0)) } }.name == "[[+return: 1] -bind:] -bind:")
        #expect(Signal<Int, TestError>.just(1).concat(.empty).name == "[+return: 1] -concat: +empty")
        #expect(
            Signal<Int, TestError>.just(1).zip(with: Signal<Int, TestError>.just(2)).name
                == "[+return: 1] -zipWith: +return: 2")
    }

    @Test("operators over a subject's, a property's or a multicast's signal are named after it")
    func namesOverBroadcasts() {
        let subject = Subject<Int, TestError>()
        #expect(subject.signal.map { $0 + 1 }.name == "[+subject] -map:")
        #expect(subject.signal.map { $0 + 1 }.filter { $0 > 0 }.name == "[[+subject] -map:] -filter:")
        let property = MutableProperty(0)
        #expect(property.signal.map { $0 }.name == "[MutableProperty.signal] -map:")
        // A multicast's signal is named after its source: a chain of them is a chain of names.
        let replayed = Signal<Int, TestError>.just(1).replayLazily().replayLazily()
        #expect(replayed.map { $0 }.name == "[[[+return: 1] -replayLazily] -replayLazily] -map:")
        #expect(replayed.map { $0 }.record().events == [.next(1), .completed])
    }

    @Test("named replaces the name, and derived signals use it")
    func explicitNames() {
        let named = Signal<Int, TestError>.just(1).named("ones")
        #expect(named.name == "ones")
        #expect(named.description == "ones")
        #expect(named.bind { { .merge(.just($0)) } }.name == "[ones] -bind:")
        #expect(named.named(SignalName("twos")).name == "twos")
        #expect(named.record().events == [.next(1), .completed])
    }

    @Test("a named concat keeps its name inside a longer concat chain")
    func namedConcatInsideChain() {
        let pair = Signal<Int, TestError>.just(1).concat(.just(2)).named("pair")
        #expect(pair.concat(.just(3)).name == "[pair] -concat: +return: 3")
        #expect(Signal<Int, TestError>.just(0).concat(pair).name == "[+return: 0] -concat: pair")
        #expect(pair.concat(.just(3)).record().values == [1, 2, 3])
    }

    @Test("debugDescription shows the types and the name")
    func debugDescription() {
        #expect(Signal<Int, TestError>.just(1).debugDescription == "Signal<Int, TestError>(+return: 1)")
    }

    @Test("very deep names are abbreviated instead of rendered in full")
    func deepNamesAbbreviated() {
        var signal = Signal<Int, TestError>.just(1)
        for _ in 0..<1_000 { signal = signal.bind { { .merge(.just($0)) } } }
        let name = signal.name
        #expect(name.contains("…"))
        #expect(!name.contains("+return: 1"))
        #expect(name.hasSuffix("-bind:"))
        #expect(name.count < 2_000)
    }
}
