import Rill
import RillTesting
import Testing

/// After completion or disposal, nothing of a multicast or replay chain stays alive: not the
/// subject, not the connection, not a closure the chain captured.
@Suite("Hot signals release everything")
struct HotMemoryTests {
    /// A source that captures `token` in its operator closures and never ends on its own.
    private func source(capturing token: Token, manual: ManualSource<Int, Never>) -> Signal<Int, Never> {
        manual.signal.map { value in
            token.touch()
            return value
        }
    }

    /// Weak references to every part of a multicast chain.
    private final class Probe {
        weak var subject: AnyObject?
        weak var connection: AnyObject?
        weak var token: Token?
        weak var handlerToken: Token?

        func expectReleased() {
            #expect(subject == nil)
            #expect(connection == nil)
            #expect(token == nil)
            #expect(handlerToken == nil)
        }
    }

    /// Multicasts a source capturing a token through `subject`, with two autoconnected
    /// subscriptions whose handlers capture another.
    private func autoconnected(
        through subject: some SubjectProtocol<Int, Never> & AnyObject, manual: ManualSource<Int, Never>,
        probe: Probe
    ) -> [any Disposable] {
        let token = Token()
        let handlerToken = Token()
        let connection = source(capturing: token, manual: manual).multicast(subject)
        probe.subject = subject
        probe.connection = connection
        probe.token = token
        probe.handlerToken = handlerToken
        let signal = connection.autoconnect()
        return [
            signal.subscribe(next: { _ in handlerToken.touch() }),
            signal.subscribe(next: { _ in handlerToken.touch() }),
        ]
    }

    @Test("a multicast chain is released after the source completes")
    func multicastAfterCompletion() {
        let probe = Probe()
        let manual = ManualSource<Int, Never>()
        do {
            let subscriptions = autoconnected(through: ReplaySubject(), manual: manual, probe: probe)
            #expect(probe.subject != nil && probe.handlerToken != nil && subscriptions.count == 2)
            manual.sendNext(1)
            manual.sendCompleted()
        }
        probe.expectReleased()
    }

    @Test("a published chain is released after every subscription is disposed, while the source lives on")
    func publishAfterDisposal() {
        let probe = Probe()
        let manual = ManualSource<Int, Never>()
        do {
            let subscriptions = autoconnected(through: Subject(), manual: manual, probe: probe)
            #expect(probe.subject != nil && probe.handlerToken != nil)
            manual.sendNext(1)
            for subscription in subscriptions { subscription.dispose() }
        }
        #expect(manual.isDisposed)
        probe.expectReleased()
    }

    @Test("a connection disconnected by hand is released with its subject and closures")
    func connectAfterDisposal() {
        weak var weakSubject: Subject<Int, Never>?
        weak var weakConnection: MulticastConnection<Int, Never>?
        weak var weakToken: Token?
        let manual = ManualSource<Int, Never>()
        do {
            let token = Token()
            weakToken = token
            let subject = Subject<Int, Never>()
            weakSubject = subject
            let connection = source(capturing: token, manual: manual).multicast(subject)
            weakConnection = connection
            let subscription = connection.signal.subscribe(next: { _ in token.touch() })
            connection.connect().dispose()
            subscription.dispose()
        }
        #expect(weakSubject == nil)
        #expect(weakConnection == nil)
        #expect(weakToken == nil)
    }

    @Test("replay, replayLast and replayLazily chains are released after the source completes")
    func replayAfterCompletion() {
        weak var weakToken: Token?
        weak var weakHandlerToken: Token?
        let manual = ManualSource<Int, Never>()
        do {
            let token = Token()
            let handlerToken = Token()
            weakToken = token
            weakHandlerToken = handlerToken
            let shared = source(capturing: token, manual: manual)
            let replayed = [shared.replay(), shared.replayLast(), shared.replayLazily()]
            for signal in replayed { signal.subscribe(next: { _ in handlerToken.touch() }) }
            for subscriber in manual.allSubscribers {
                subscriber.sendNext(1)
                subscriber.sendCompleted()
            }
            #expect(manual.subscriptions.value == 3)
        }
        #expect(weakToken == nil)
        #expect(weakHandlerToken == nil)
    }

    @Test("a subject whose subscriptions were disposed, and a subject fed by a finished signal, are released")
    func subjects() {
        weak var weakSubject: BehaviorSubject<Int, Never>?
        weak var weakHandlerToken: Token?
        do {
            let handlerToken = Token()
            weakHandlerToken = handlerToken
            let subject = BehaviorSubject<Int, Never>(0)
            weakSubject = subject
            Signal<Int, Never>.from([1, 2]).subscribe(subject)
            subject.signal.subscribe(next: { _ in handlerToken.touch() }).dispose()
        }
        #expect(weakSubject == nil)
        #expect(weakHandlerToken == nil)
    }

    @Test(
        "a subject dropped while a subscription is still open is released; its handlers go when the subscription is disposed"
    )
    func droppedSubject() {
        weak var weakSubject: Subject<Int, Never>?
        weak var weakHandlerToken: Token?
        var subscription: (any Disposable)?
        do {
            let handlerToken = Token()
            weakHandlerToken = handlerToken
            let subject = Subject<Int, Never>()
            weakSubject = subject
            subscription = subject.signal.subscribe(next: { _ in handlerToken.touch() })
        }
        #expect(weakSubject == nil)
        #expect(subscription?.isDisposed == false)
        #expect(weakHandlerToken != nil)
        subscription?.dispose()
        subscription = nil
        #expect(weakHandlerToken == nil)
    }

    @Test("startLazily's body and its subject are released once it completed and the signal is dropped")
    func start() {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<Int, Never>.startEagerly(on: ImmediateScheduler()) { subscriber in
                token.touch()
                subscriber.sendNext(1)
                subscriber.sendCompleted()
            }
            #expect(signal.record().values == [1])
        }
        #expect(weakToken == nil)
    }
}
