import Rill
import RillTesting
import Testing

/// Every public API of hot signals, used from a main-actor type as an app would, in Swift 6 mode.
@MainActor
final class SharedRequestModel {
    let request: Signal<String, TestError>
    let requests = Counter()
    let shown = Locked<[String]>([])
    let cached = Locked<[String]>([])
    private let bag = DisposeBag()
    private var scoped: ScopedDisposable?

    init() {
        let requests = requests
        request = Signal.create { subscriber in
            requests.increment()
            subscriber.sendNext("payload")
            subscriber.sendCompleted()
            return nil
        }
    }

    func sharePublished() {
        let connection: MulticastConnection<String, TestError> = request.publish()
        let shown = shown
        let cached = cached
        connection.signal.subscribe(next: { shown.append($0) }).store(in: bag)
        connection.signal.subscribe(next: { cached.append($0) }).store(in: bag)
        connection.connect()
    }

    func shareAutoconnected() -> Signal<String, TestError> {
        request.multicast(ReplaySubject()).autoconnect()
    }

    func replays() -> [Signal<String, TestError>] {
        [request.replay(), request.replayLast(), request.replayLazily()]
    }

    func starts(on scheduler: any Scheduler) -> [Signal<Int, Never>] {
        [
            Signal.startLazily(on: scheduler) { subscriber in
                subscriber.sendNext(1)
                subscriber.sendCompleted()
            },
            Signal.startEagerly(on: scheduler) { subscriber in
                subscriber.sendNext(2)
                subscriber.sendCompleted()
            },
        ]
    }

    func subjects() -> (Subject<Int, Never>, ReplaySubject<Int, Never>, BehaviorSubject<Int, Never>) {
        let subject = Subject<Int, Never>()
        let replay = ReplaySubject<Int, Never>(capacity: 2)
        let behavior = BehaviorSubject<Int, Never>(0)
        subject.signal.subscribe(replay)
        subject.signal.subscribe(behavior)
        let receiver: any EventReceiver<Int, Never> = Subscriber<Int, Never>(next: { _ in })
        let subjects: [any SubjectProtocol<Int, Never>] = [subject, replay, behavior]
        _ = (receiver, subjects)
        subject.sendNext(1)
        scoped = behavior.signal.subscribe().scoped()
        return (subject, replay, behavior)
    }

    func endScope() {
        scoped = nil
    }
}

@Suite("Hot signals from the main actor")
@MainActor
struct MainActorHotAPITests {
    @Test("a main-actor model shares one request between two subscribers")
    func publish() {
        let model = SharedRequestModel()
        model.sharePublished()
        #expect(model.requests.value == 1)
        #expect(model.shown.value == ["payload"])
        #expect(model.cached.value == ["payload"])
    }

    @Test("a main-actor model uses multicast, replay and start operators")
    func operators() {
        let model = SharedRequestModel()
        let shared = model.shareAutoconnected()
        #expect(shared.record().values == ["payload"])
        #expect(shared.record().values == ["payload"])
        for signal in model.replays() { #expect(signal.record().values == ["payload"]) }
        let starts = model.starts(on: ImmediateScheduler())
        #expect(starts.map { $0.record().values } == [[1], [2]])
    }

    @Test("a main-actor model feeds subjects from a subject and scopes a subscription")
    func subjects() {
        let model = SharedRequestModel()
        let (subject, replay, behavior) = model.subjects()
        #expect(replay.signal.record().values == [1])
        #expect(behavior.value == 1)
        model.endScope()
        subject.sendCompleted()
    }
}
