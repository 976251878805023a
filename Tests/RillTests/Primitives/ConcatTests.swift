import Dispatch
import Rill
import RillTesting
import Testing

@Suite("concat")
struct ConcatTests {
    @Test("concat sends the first signal's values, then the second's, then completes")
    func order() {
        let recorder = Signal<Int, TestError>.from([1, 2]).concat(.from([3, 4])).record()
        #expect(recorder.events == [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    @Test("concat subscribes the second signal only after the first completes")
    func secondSubscribedAfterFirstCompletes() {
        let first = ManualSource<Int, TestError>(label: "first")
        let second = ManualSource<Int, TestError>(label: "second")
        let recorder = first.signal.concat(second.signal).record()
        first.sendNext(1)
        #expect(second.subscriptions.value == 0)
        first.sendCompleted()
        #expect(second.subscriptions.value == 1)
        second.sendNext(2)
        #expect(!recorder.isCompleted)
        second.sendCompleted()
        #expect(recorder.events == [.next(1), .next(2), .completed])
    }

    @Test("an error in the first signal ends concat without subscribing the second")
    func errorInFirst() {
        let second = ManualSource<Int, TestError>(label: "second")
        let first = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendError(.boom)
            return nil
        }
        let recorder = first.concat(second.signal).record()
        #expect(recorder.events == [.next(1), .error(.boom)])
        #expect(second.subscriptions.value == 0)
    }

    @Test("an error in a later part ends concat and skips the rest")
    func errorInLaterPart() {
        let third = ManualSource<Int, TestError>(label: "third")
        let recorder = Signal<Int, TestError>.just(1).concat(.error(.boom)).concat(third.signal).record()
        #expect(recorder.events == [.next(1), .error(.boom)])
        #expect(third.subscriptions.value == 0)
    }

    @Test("concat with a part that never completes never reaches the next part")
    func neverPart() {
        let after = ManualSource<Int, TestError>(label: "after")
        let recorder = Signal<Int, TestError>.just(1).concat(.never).concat(after.signal).record()
        #expect(recorder.events == [.next(1)])
        #expect(after.subscriptions.value == 0)
        recorder.dispose()
    }

    @Test("empty parts are skipped")
    func emptyParts() {
        let recorder = Signal<Int, TestError>.empty.concat(.just(1)).concat(.empty).concat(.empty).record()
        #expect(recorder.events == [.next(1), .completed])
    }

    @Test("concat trees of any shape run their leaves left to right")
    func treeShapes() {
        let leaves = (0..<8).map { Signal<Int, TestError>.just($0) }
        let leftNested = leaves.dropFirst().reduce(leaves[0]) { $0.concat($1) }
        let rightNested = leaves.dropLast().reversed().reduce(leaves[7]) { $1.concat($0) }
        func balanced(_ range: Range<Int>) -> Signal<Int, TestError> {
            if range.count == 1 { return leaves[range.lowerBound] }
            let middle = range.lowerBound + range.count / 2
            return balanced(range.lowerBound..<middle).concat(balanced(middle..<range.upperBound))
        }
        for signal in [leftNested, rightNested, balanced(0..<8)] {
            #expect(signal.record().values == Array(0..<8))
        }
    }

    @Test("a concat that reuses itself as both parts runs it twice")
    func sharedSubtree() {
        let pair = Signal<Int, TestError>.just(1).concat(.from([2, 3]))
        let twice = pair.concat(pair)
        #expect(twice.record().values == [1, 2, 3, 1, 2, 3])
        let fourTimes = twice.concat(twice)
        #expect(fourTimes.record().values.count == 12)
    }

    @Test("disposing from the handler during a constant part stops concat at once")
    func disposeDuringConstantParts() {
        let lifetime = CompositeDisposable()
        let received = Locked<[Int]>([])
        let later = ManualSource<Int, TestError>(label: "later")
        let signal = Signal<Int, TestError>.just(1).concat(.just(2)).concat(.just(3)).concat(later.signal)
        signal.subscribe(
            Observer { event in
                guard case .next(let value) = event else { return }
                received.append(value)
                if value == 2 { lifetime.dispose() }
            },
            in: lifetime)
        #expect(received.value == [1, 2])
        #expect(later.subscriptions.value == 0)
    }

    @Test("parts completing on other threads are run in order")
    func asynchronousParts() {
        let count = 1_000
        let parts = (0..<count).map { index -> Signal<Int, TestError> in
            if index % 3 == 0 { return .just(index) }
            if index % 3 == 1 { return .from([index]) }
            return Signal.create { subscriber in
                DispatchQueue.global().async {
                    subscriber.sendNext(index)
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
        let signal = parts.reduce(Signal<Int, TestError>.empty) { $0.concat($1) }
        let done = DispatchSemaphore(value: 0)
        let tally = Tally()
        signal.subscribe(
            next: { tally.next($0) },
            error: { _ in tally.error() },
            completed: {
                tally.completed()
                done.signal()
            })
        #expect(done.wait(timeout: HangGuard.deadline) == .success)
        #expect(tally.count == count)
        #expect(tally.outOfOrder == 0)
        #expect(tally.completedCount == 1)
        #expect(tally.errorCount == 0)
    }
}
