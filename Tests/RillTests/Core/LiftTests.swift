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

/// Main-actor code that builds its own operator on a lifted signal.
@MainActor
final class TotalsModel {
    var totals: [Int] = []

    func load(_ values: [Int]) {
        let received = Locked<[Int]>([])
        Signal<Int, Never>.from(values).runningTotal().subscribe(next: { received.append($0) })
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

    @Test("main-actor code can write and use a lifted operator")
    @MainActor
    func mainActor() {
        let model = TotalsModel()
        model.load([1, 2, 3])
        #expect(model.totals == [1, 3, 6])
    }
}
