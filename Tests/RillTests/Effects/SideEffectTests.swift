import Rill
import RillTesting
import Testing

@Suite("Side effects")
struct SideEffectTests {
    /// Records side effects and deliveries in one order, to check which came first.
    final class Journal: Sendable {
        let entries = Locked<[String]>([])
        func write(_ entry: String) { entries.append(entry) }
        var lines: [String] { entries.value }
    }

    func observed(_ signal: Signal<Int, TestError>, into journal: Journal) -> any Disposable {
        signal.subscribe(
            next: { journal.write("deliver next \($0)") },
            error: { journal.write("deliver error \($0)") },
            completed: { journal.write("deliver completed") })
    }

    @Test("each action runs before the subscriber sees its event")
    func actionsRunBeforeDelivery() {
        let journal = Journal()
        let signal = Signal<Int, TestError>.from([1, 2])
            .on(subscribe: { journal.write("subscribe") })
            .on(next: { journal.write("next \($0)") })
            .on(completed: { journal.write("completed") })
            .on(terminate: { journal.write("terminate") })
        _ = observed(signal, into: journal)
        #expect(
            journal.lines == [
                "subscribe", "next 1", "deliver next 1", "next 2", "deliver next 2", "completed",
                "terminate", "deliver completed",
            ])
    }

    @Test("on(error:) and on(terminate:) run before the failure is delivered")
    func errorActionsRunBeforeDelivery() {
        let journal = Journal()
        let signal = Signal<Int, TestError>.error(.boom)
            .on(error: { journal.write("error \($0)") })
            .on(completed: { journal.write("completed") })
            .on(terminate: { journal.write("terminate") })
        _ = observed(signal, into: journal)
        #expect(journal.lines == ["error boom", "terminate", "deliver error boom"])
    }

    @Test("disposal runs neither on(completed:), on(error:) nor on(terminate:)")
    func disposalIsNotTermination() {
        let journal = Journal()
        let subject = Subject<Int, TestError>()
        let subscription = observed(
            subject.signal
                .on(error: { _ in journal.write("error") })
                .on(completed: { journal.write("completed") })
                .on(terminate: { journal.write("terminate") }),
            into: journal)
        subject.sendNext(1)
        subscription.dispose()
        subject.sendCompleted()
        #expect(journal.lines == ["deliver next 1"])
    }

    @Test("on(subscribe:) runs on every subscription, before the source is subscribed")
    func subscribeActionRunsPerSubscription() {
        let journal = Journal()
        let source = Signal<Int, TestError>.defer {
            journal.write("source subscribed")
            return .empty
        }
        let signal = source.on(subscribe: { journal.write("subscribe") })
        _ = signal.subscribe()
        _ = signal.subscribe()
        #expect(journal.lines == ["subscribe", "source subscribed", "subscribe", "source subscribed"])
    }

    @Test("logEvents writes every event, the subscription and its end with the chain's debug name")
    func logEventsWritesEveryEvent() {
        let lines = Locked<[String]>([])
        let log = EventLog { lines.append($0) }
        let source = Signal<Int, TestError>.from([1, 2]).named("numbers")
        _ = source.logEvents(to: log).subscribe()
        #expect(
            lines.value == [
                "numbers subscribed", "numbers next: 1", "numbers next: 2", "numbers completed",
                "numbers disposed",
            ])

        lines.value = []
        _ = Signal<Int, TestError>.error(.boom).named("failing").logEvents(to: log).subscribe()
        #expect(lines.value == ["failing subscribed", "failing error: boom", "failing disposed"])

        lines.value = []
        let subject = Subject<Int, TestError>()
        let subscription = subject.signal.named("screen").logEvents(to: log).subscribe()
        subject.send(1)
        subscription.dispose()
        subject.send(2)
        #expect(lines.value == ["screen subscribed", "screen next: 1", "screen disposed"])
    }

    @Test("on(dispose:) runs once when the subscription is disposed, or after the event that ends it")
    func onDispose() {
        let count = Counter()
        let subject = Subject<Int, TestError>()
        let subscription = subject.signal.on(dispose: { count.increment() }).subscribe()
        #expect(count.value == 0)
        subscription.dispose()
        subscription.dispose()
        #expect(count.value == 1)

        let order = Locked<[String]>([])
        _ = Signal<Int, TestError>.just(1)
            .on(dispose: { order.append("disposed") })
            .subscribe(completed: { order.append("completed") })
        #expect(order.value == ["disposed", "completed"])

        let failed = Counter()
        _ = Signal<Int, TestError>.error(.boom).on(dispose: { failed.increment() }).subscribe()
        #expect(failed.value == 1)
    }

    @Test("logNext, logError and logCompleted each write only their kind of event")
    func singleKindLoggers() {
        let lines = Locked<[String]>([])
        let log = EventLog { lines.append($0) }
        let source = Signal<Int, TestError>.just(1).named("one")
        _ = source.logNext(to: log).logError(to: log).subscribe()
        #expect(lines.value == ["one next: 1"])

        lines.value = []
        _ = source.logCompleted(to: log).subscribe()
        #expect(lines.value == ["one completed"])

        lines.value = []
        _ = Signal<Int, TestError>.error(.other).named("bad").logError(to: log).logCompleted(to: log)
            .subscribe()
        #expect(lines.value == ["bad error: other"])
    }

    @Test("a log line names the whole chain it logs")
    func logNamesTheChain() {
        let lines = Locked<[String]>([])
        _ = Signal<Int, TestError>.just(1).map { $0 + 1 }.logNext(to: EventLog { lines.append($0) })
            .subscribe()
        #expect(lines.value == ["[+return: 1] -map: next: 2"])
    }
}
