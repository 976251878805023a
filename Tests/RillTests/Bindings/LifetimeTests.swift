import Rill
import RillTesting
import Testing

@Suite("Lifetime: created, ended and observed by the user")
struct LifetimeTests {
    @Test("disposing the token ends the lifetime once and runs each observer once")
    func tokenDisposal() {
        let (lifetime, token) = Lifetime.make()
        let calls = Counter()
        lifetime.observeEnded { calls.increment() }
        #expect(!lifetime.hasEnded)
        #expect(!token.isDisposed)
        token.dispose()
        token.dispose()
        #expect(lifetime.hasEnded)
        #expect(token.isDisposed)
        #expect(calls.value == 1)
    }

    @Test("releasing the token ends the lifetime")
    func tokenRelease() {
        var token: Lifetime.Token?
        let lifetime: Lifetime
        (lifetime, token) = Lifetime.make()
        let ended = Flag()
        lifetime.observeEnded { ended.set() }
        #expect(token != nil)
        token = nil
        #expect(lifetime.hasEnded)
        #expect(ended.isSet)
    }

    @Test("a lifetime made from a token ends when the token is released, disposed or replaced")
    func lifetimeFromToken() {
        var token: Lifetime.Token? = Lifetime.Token()
        let lifetime = Lifetime(token!)
        let second = Lifetime(token!)
        let recorder = lifetime.ended.record()
        #expect(!lifetime.hasEnded && !second.hasEnded)
        token = Lifetime.Token()
        #expect(lifetime.hasEnded && second.hasEnded)
        #expect(recorder.isCompleted)
        let third = Lifetime(token!)
        token!.dispose()
        #expect(third.hasEnded)
        #expect(Lifetime(token!).hasEnded)
    }

    @Test("a lifetime made from a token does not keep itself alive through the token")
    func lifetimeFromTokenIsReleased() {
        let token = Lifetime.Token()
        weak var weakLifetime: Lifetime?
        do {
            let lifetime = Lifetime(token)
            weakLifetime = lifetime
            #expect(weakLifetime != nil)
        }
        #expect(weakLifetime == nil)
        token.dispose()
    }

    @Test("an object that owns the token ends its lifetime when it is released")
    func ownerRelease() {
        var owner: Owner? = Owner()
        let lifetime = owner!.lifetime
        let recorder = lifetime.ended.record()
        #expect(!recorder.isCompleted)
        owner = nil
        #expect(recorder.isCompleted)
        #expect(recorder.values.isEmpty)
    }

    @Test("observing an ended lifetime runs the action at once and returns no disposable")
    func observeAfterEnd() {
        let ended = Flag()
        let detach = Lifetime.empty.observeEnded { ended.set() }
        #expect(detach == nil)
        #expect(ended.isSet)
        #expect(Lifetime.empty.hasEnded)
        #expect(Lifetime.empty.ended.record().isCompleted)
    }

    @Test("a detached observer is not called and releases what it captured")
    func detachedObserver() {
        let (lifetime, token) = Lifetime.make()
        var captured: Token? = Token()
        weak let weakCaptured = captured
        let calls = Counter()
        let detach = lifetime.observeEnded { [captured] in
            captured?.touch()
            calls.increment()
        }
        captured = nil
        detach?.dispose()
        #expect(weakCaptured == nil)
        token.dispose()
        #expect(calls.value == 0)
    }

    @Test("a subscription to ended is released when disposed, before the lifetime ends")
    func endedDisposal() {
        let (lifetime, token) = Lifetime.make()
        let recorder = lifetime.ended.record()
        recorder.dispose()
        token.dispose()
        #expect(!recorder.isCompleted)
    }

    @Test("a signal taken until a lifetime's end stops when the lifetime ends")
    func takeUntilEnded() {
        let (lifetime, token) = Lifetime.make()
        let source = ManualSource<Int, Never>()
        let recorder = source.signal.take(untilTrigger: lifetime.ended).record()
        source.sendNext(1)
        token.dispose()
        source.sendNext(2)
        #expect(recorder.values == [1])
        #expect(recorder.isCompleted)
        #expect(source.isDisposed)
    }

    @Test("ending from 8 threads at once runs each observer exactly once")
    func concurrentEnd() {
        for _ in 0..<100 {
            let (lifetime, token) = Lifetime.make()
            let calls = Counter()
            for _ in 0..<4 { lifetime.observeEnded { calls.increment() } }
            onThreads(8) { _ in token.dispose() }
            #expect(calls.value == 4)
        }
    }
}

/// An object with a lifetime of its own.
final class Owner: LifetimeProviding, Sendable {
    let lifetime: Lifetime
    private let token: Lifetime.Token

    init() {
        (lifetime, token) = Lifetime.make()
    }
}
