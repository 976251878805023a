import Rill
import RillTesting
import Testing

extension Signal where Value == Int {
    /// A custom operator written with `init(name:lifting:_:)`: sends running totals.
    func runningTotal() -> Signal<Int, Failure> {
        Signal<Int, Failure>(name: .derived(from: self, "-runningTotal"), lifting: self) { downstream, _ in
            let total = SinkState(0)
            return Observer { event in
                switch event {
                case .next(let value):
                    total.value += value
                    downstream.sendNext(total.value)
                case .error(let failure): downstream.sendError(failure)
                case .completed: downstream.sendCompleted()
                }
            }
        }
    }
}

extension Signal {
    /// A custom operator written with `init(name:lifting:subscribingIn:)`: sends values until
    /// `limit` of them have been sent, stopping its upstream before it completes.
    func first(_ limit: Int) -> Signal<Value, Failure> {
        Signal(name: .derived(from: self, "-first"), lifting: self) { downstream, lifetime in
            let upstreamLifetime = lifetime.child()
            let sent = SinkState(0)
            let observer = Observer<Value, Failure> { event in
                guard sent.value < limit else { return }
                switch event {
                case .next(let value):
                    sent.value += 1
                    downstream.sendNext(value)
                    if sent.value == limit {
                        upstreamLifetime.dispose()
                        downstream.sendCompleted()
                    }
                case .error(let failure): downstream.sendError(failure)
                case .completed: downstream.sendCompleted()
                }
            }
            return (observer, upstreamLifetime)
        }
    }
}

/// Main-actor code that builds its own operators on lifted signals.
@MainActor
final class TotalsModel {
    var totals: [Int] = []

    func load(_ values: [Int]) {
        let received = Locked<[Int]>([])
        Signal<Int, Never>.from(values).runningTotal().first(3).subscribe(next: { received.append($0) })
        totals = received.value
    }
}

@Suite("Lifted signals")
struct LiftTests {
    @Test("a lifted operator keeps its state per subscription and is named after its selector")
    func statePerSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-|")
        let signal = source.signal.map { $0 == "a" ? 1 : 2 }.runningTotal()
        for _ in 0..<2 {
            let recorder = scheduler.start { signal }
            #expect(recorder.values == [1, 3])
        }
        #expect(signal.name.hasSuffix("-runningTotal"))
    }

    @Test("a lifted operator with an upstream lifetime of its own stops the upstream before it completes")
    func upstreamLifetime() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let recorder = scheduler.start { source.signal.first(2).delay(3, on: scheduler) }
        #expect(expectMarbles(recorder, "----a-(b|)"))
        #expect(expectSubscriptions(source, ["^--!"]))
    }

    @Test("main-actor code can write and use lifted operators")
    @MainActor
    func mainActor() {
        let model = TotalsModel()
        model.load([1, 2, 3, 4])
        #expect(model.totals == [1, 3, 6])
    }
}
