import Foundation
import Rill
import RillTesting
import Testing

@Suite("share(replay:)")
struct ShareTests {
    @Test("subscriptions that overlap share one subscription to the source and see the same events")
    func overlappingSubscriptionsShare() {
        let source = ManualSource<Int, TestError>()
        let shared = source.signal.share()
        let first = shared.record()
        let second = shared.record()
        source.sendNext(1)
        source.sendNext(2)
        source.sendError(.boom)
        #expect(source.subscriptions.value == 1)
        #expect(first.events == [.next(1), .next(2), .error(.boom)])
        #expect(second.events == first.events)
    }

    @Test("leaving and re-entering a screen reconnects exactly once each time")
    func reconnectsAfterEverySubscriptionEnded() {
        let source = ManualSource<Int, Never>()
        let shared = source.signal.share(replay: 1)
        for visit in 1...3 {
            let header = shared.record()
            let avatar = shared.record()
            #expect(source.subscriptions.value == visit)
            source.sendNext(visit)
            #expect(header.values == [visit])
            #expect(avatar.values == [visit])
            header.dispose()
            #expect(!source.isDisposed || source.disposals.value == visit - 1)
            avatar.dispose()
            #expect(source.disposals.value == visit)
        }
    }

    @Test("a new connection forgets the values the last one replayed")
    func replayedValuesAreForgottenOnDisconnect() {
        let source = ManualSource<Int, Never>()
        let shared = source.signal.share(replay: 2)
        let first = shared.record()
        source.sendNext(1)
        source.sendNext(2)
        source.sendNext(3)
        let late = shared.record()
        #expect(late.values == [2, 3])
        first.dispose()
        late.dispose()
        let next = shared.record()
        #expect(next.values == [])
        #expect(source.subscriptions.value == 2)
        next.dispose()
    }

    @Test("share() replays nothing to a late subscription")
    func noReplayByDefault() {
        let source = ManualSource<Int, Never>()
        let shared = source.signal.share()
        let first = shared.record()
        source.sendNext(1)
        let late = shared.record()
        source.sendNext(2)
        #expect(first.values == [1, 2])
        #expect(late.values == [2])
        #expect(source.subscriptions.value == 1)
        first.dispose()
        late.dispose()
    }

    @Test("after the source ended, the next subscription subscribes to it again")
    func resubscribesAfterTheSourceEnded() {
        let subscriptions = Counter()
        let shared = Signal<Int, Never>.defer {
            subscriptions.increment()
            return .from([subscriptions.value * 10, subscriptions.value * 10 + 1])
        }
        .share(replay: 1)
        #expect(shared.record().events == [.next(10), .next(11), .completed])
        #expect(shared.record().events == [.next(20), .next(21), .completed])
        #expect(subscriptions.value == 2)
    }

    @Test("when the source ends, its shared subscription is disposed: none is left alive")
    func sourceEndDisposesTheConnection() {
        let counter = LiveSubscriptionCounter()
        let source = ManualSource<Int, Never>()
        counter.track {
            let shared = source.signal.map { $0 + 1 }.share(replay: 1)
            shared.subscribe(next: { _ in })
            shared.subscribe(next: { _ in })
            source.sendNext(1)
            #expect(counter.count > 0)
            source.sendCompleted()
        }
        #expect(source.disposals.value == 1)
        #expect(counter.count == 0)
    }

    @Test("a subscription made in answer to the source's end gets a new connection")
    func subscribingFromTheCompletion() {
        let source = ManualSource<Int, Never>()
        let shared = source.signal.share()
        let again = Locked<EventRecorder<Int, Never>?>(nil)
        shared.subscribe(completed: { again.value = shared.record() })
        source.sendCompleted()
        #expect(source.subscriptions.value == 2)
        source.sendNext(5)
        #expect(again.value?.values == [5])
        again.value?.dispose()
    }

    @Test("disposing the last subscription disposes the source at once, even during its first events")
    func disposalReachesTheSource() {
        let shared = Signal<Int, Never>.from(1...1_000_000).share()
        let first = shared.take(3).record()
        #expect(first.events == [.next(1), .next(2), .next(3), .completed])
        let source = ManualSource<Int, Never>()
        let recorder = source.signal.share().record()
        #expect(!source.isDisposed)
        recorder.dispose()
        #expect(source.isDisposed)
    }

    @Test("subscribing and disposing from many threads at once keeps one connection per overlap")
    func concurrentSubscribers() {
        let source = ManualSource<Int, Never>()
        let shared = source.signal.share()
        let keeper = shared.record()
        onThreads(8) { _ in
            for _ in 0..<1_000 {
                let recorder = shared.record()
                recorder.dispose()
            }
        }
        #expect(source.subscriptions.value == 1)
        keeper.dispose()
        #expect(source.disposals.value == 1)
        let after = shared.record()
        #expect(source.subscriptions.value == 2)
        after.dispose()
    }

    @Test("a shared signal, its subscriptions and its source are released when the subscriptions end")
    func releasesEverything() {
        weak var weakSubject: Subject<Int, Never>?
        var shared: Signal<Int, Never>?
        do {
            let subject = Subject<Int, Never>()
            weakSubject = subject
            shared = subject.signal.share(replay: 1)
        }
        let recorder = shared!.record()
        recorder.dispose()
        shared = nil
        #expect(weakSubject == nil)
    }

    @Test("share(replay:) works from main-actor code")
    @MainActor
    func fromTheMainActor() {
        final class ViewModel {
            let name = MutableProperty("a")
            let shared: Signal<String, Never>
            var shown: [String] = []
            init() { shared = name.signal.map { $0.uppercased() }.share(replay: 1) }
        }
        let model = ViewModel()
        let recorder = model.shared.record()
        model.name.value = "b"
        #expect(recorder.values.last == "B")
        recorder.dispose()
    }
}
