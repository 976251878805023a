import Rill
import RillTesting
import Testing

/// A subscription lasts until it ends or is disposed, whoever holds its disposable
/// (`docs/Contracts.md`, G3, "How long a subscription lasts").
@Suite("G3: a subscription lasts until it ends or is disposed")
struct G3SubscriptionLifetimeTests {
    @Test(
        "G3: a subscription whose disposable is dropped goes on while its source can send, and ends at its terminal event"
    )
    func droppedDisposableGoesOn() {
        let source = ManualSource<Int, TestError>()
        let received = Locked<[Int]>([])
        let completed = Flag()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            _ = source.signal.subscribe(
                next: {
                    token.touch()
                    received.append($0)
                }, completed: { completed.set() })
        }
        source.sendNext(1)
        source.sendNext(2)
        #expect(received.value == [1, 2])
        #expect(!source.isDisposed)
        #expect(weakToken != nil)

        source.sendCompleted()
        #expect(completed.isSet)
        #expect(source.isDisposed)
        #expect(weakToken == nil, "the handlers outlived the subscription's end")
    }

    // RAC's spec of -takeUntilReplacement:, with the subscription's disposable dropped.
    @Test(
        "G3: take(untilReplacement:) disposes the receiver at the replacement's first event, not when the caller drops the subscription"
    )
    func receiverLastsUntilReplacement() {
        let receiverDisposed = Flag()
        let receiver = Signal<Int, TestError>.create { _ in ActionDisposable { receiverDisposed.set() } }
        let replacement = Subject<Int, TestError>()
        _ = receiver.take(untilReplacement: replacement.signal).subscribe(completed: {})
        #expect(!receiverDisposed.isSet)
        replacement.sendNext(1)
        #expect(receiverDisposed.isSet)
        replacement.sendCompleted()
    }

    // Differs from RAC, whose subscriber disposes its subscription when it is deallocated.
    @Test("G3: a subscription that nothing can send to any more keeps its resources until it is disposed")
    func unreachableSubscriptionWaitsForDisposal() {
        let resourceDisposed = Flag()
        weak var weakToken: Token?
        let subscription: any Disposable
        do {
            let token = Token()
            weakToken = token
            let signal = Signal<Int, TestError>.create { subscriber in
                subscriber.sendNext(1)
                return ActionDisposable {
                    token.touch()
                    resourceDisposed.set()
                }
            }
            subscription = signal.map { $0 + 1 }.subscribe()
        }
        #expect(!resourceDisposed.isSet)
        #expect(weakToken != nil)
        subscription.dispose()
        #expect(resourceDisposed.isSet)
        #expect(weakToken == nil, "disposal did not release the body's resource")
    }
}
