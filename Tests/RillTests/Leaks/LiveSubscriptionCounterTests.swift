import Foundation
import Rill
import RillTesting
import Testing

@Suite("LiveSubscriptionCounter")
struct LiveSubscriptionCounterTests {
    @Test("the test build counts subscriptions")
    func counting() {
        #expect(LiveSubscriptionCounter.isCounting)
    }

    @Test("a subscription to a subject counts until it is disposed")
    func countsUntilDisposed() {
        let counter = LiveSubscriptionCounter()
        let subject = Subject<Int, Never>()
        let subscription = counter.track { subject.map { $0 + 1 }.filter { $0 > 0 }.subscribe() }
        #expect(counter.count > 0)
        subscription.dispose()
        #expect(counter.count == 0)
    }

    @Test("a forgotten subscription stays counted: the leak the counter finds")
    func forgottenSubscription() {
        let counter = LiveSubscriptionCounter()
        let subject = Subject<Int, Never>()
        let bag = DisposeBag()
        counter.track {
            subject.subscribe().store(in: bag)
            _ = subject.signal.take(1).subscribe()
        }
        #expect(counter.count == 2)
        subject.send(1)
        #expect(counter.count == 1)
        bag.dispose()
        #expect(counter.count == 0)
    }

    @Test("a signal that ends ends its subscriptions, merges and flattenings included")
    func endedSignalsAreNotLive() {
        let counter = LiveSubscriptionCounter()
        counter.track {
            _ = Signal<Int, Never>.from([1, 2, 3])
                .flatMap(.merge) { value in Signal<Int, Never>.just(value).merge(with: .empty) }
                .combineLatest(with: Signal<Int, Never>.just(0))
                .subscribe()
        }
        #expect(counter.count == 0)
    }

    @Test("leaving and re-entering a screen reconnects a shared signal once each time and leaks nothing")
    func screenVisits() {
        let counter = LiveSubscriptionCounter()
        let connections = Counter()
        let source = Subject<Int, Never>()
        let shared = source.signal.on(subscribe: { connections.increment() }).share(replay: 1)
        for visit in 1...3 {
            let screen = DisposeBag()
            counter.track {
                shared.map { "\($0)" }.subscribe().store(in: screen)
                shared.filter { $0 > 0 }.subscribe().store(in: screen)
            }
            #expect(connections.value == visit)
            #expect(counter.count > 0)
            screen.dispose()
            #expect(counter.count == 0)
        }
    }

    @Test("the process-wide count goes up with a subscription and back down with its disposal")
    func processWide() async {
        // Other tests run meanwhile, so the process count is only compared with itself while
        // one subscription that they cannot end is held.
        let subject = Subject<Int, Never>()
        let subscription = subject.subscribe()
        #expect(LiveSubscriptionCounter.process.count >= 1)
        subscription.dispose()
    }

    @Test("counting works from main-actor code with async work")
    @MainActor
    func mainActorTracking() async throws {
        let counter = LiveSubscriptionCounter()
        let subject = ReplaySubject<Int, Never>()
        subject.send(1)
        subject.send(.completed)
        let values = await counter.track { () async -> [Int] in
            var collected: [Int] = []
            for await value in subject.values { collected.append(value) }
            return collected
        }
        #expect(values == [1])
        #expect(counter.count == 0)
    }
}
