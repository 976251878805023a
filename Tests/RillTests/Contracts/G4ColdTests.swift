import Rill
import RillTesting
import Testing

@Suite("G4: signals are cold")
struct G4ColdTests {
    @Test("G4: the create body runs once per subscription and not before")
    func createRunsPerSubscription() {
        let runs = Counter()
        let signal = Signal<Int, TestError>.create { subscriber in
            let run = runs.increment()
            subscriber.sendNext(run)
            subscriber.sendCompleted()
            return nil
        }
        #expect(runs.value == 0)
        #expect(signal.record().values == [1])
        #expect(signal.record().values == [2])
        #expect(runs.value == 2)
    }

    @Test("G4: each subscription gets its own subscriber")
    func separateSubscribers() {
        let source = ManualSource<Int, TestError>()
        let first = source.signal.record()
        let second = source.signal.record()
        let subscribers = source.allSubscribers
        #expect(subscribers.count == 2)
        subscribers[0].sendNext(1)
        subscribers[1].sendNext(2)
        subscribers[1].sendCompleted()
        #expect(first.events == [.next(1)])
        #expect(second.events == [.next(2), .completed])
        first.dispose()
    }

    @Test("G4: bind is restartable even with block state")
    func bindRestartable() {
        let factoryCalls = Counter()
        let signal = Signal<Int, TestError>.from([1, 2, 3]).bind {
            factoryCalls.increment()
            var sum = 0
            return { value in
                sum += value
                return .merge(.just(sum))
            }
        }
        #expect(factoryCalls.value == 0)
        #expect(signal.record().values == [1, 3, 6])
        #expect(signal.record().values == [1, 3, 6])
        #expect(factoryCalls.value == 2)
    }

    @Test("G4: a take built on bind counts afresh for every subscription")
    func bindTakeRestartable() {
        let takeTwo = Signal<Int, TestError>.from(0...).bind {
            var taken = 0
            return { value in
                taken += 1
                return taken == 2 ? .mergeThenStop(.just(value)) : .merge(.just(value))
            }
        }
        #expect(takeTwo.record().events == [.next(0), .next(1), .completed])
        #expect(takeTwo.record().events == [.next(0), .next(1), .completed])
    }

    @Test("G4: from iterates its sequence afresh for every subscription")
    func fromRestartable() {
        let signal = Signal<Int, TestError>.from([1, 2])
        #expect(signal.record().events == [.next(1), .next(2), .completed])
        #expect(signal.record().events == [.next(1), .next(2), .completed])
    }

    @Test("G4: concat re-runs every part for every subscription")
    func concatRestartable() {
        let runs = Counter()
        let part = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(runs.increment())
            subscriber.sendCompleted()
            return nil
        }
        let signal = part.concat(part)
        #expect(signal.record().values == [1, 2])
        #expect(signal.record().values == [3, 4])
    }

    @Test("G4: zip starts with empty queues on every subscription")
    func zipRestartable() {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<String, TestError>(label: "right")
        let zipped = left.signal.zip(with: right.signal)
        let first = zipped.record()
        left.sendNext(1)
        left.sendNext(2)
        let second = zipped.record()
        left.sendNext(3)
        #expect(right.allSubscribers.count == 2)
        for subscriber in right.allSubscribers { subscriber.sendNext("a") }
        #expect(pairs(first.values) == ["1a"])
        #expect(pairs(second.values) == ["3a"])
        first.dispose()
        second.dispose()
    }

    @Test("G4: defer calls its factory on every subscription and not before")
    func deferPerSubscription() {
        let calls = Counter()
        let signal = Signal<Int, TestError>.defer { .just(calls.increment()) }
        #expect(calls.value == 0)
        #expect(signal.record().events == [.next(1), .completed])
        #expect(signal.record().events == [.next(2), .completed])
    }
}
