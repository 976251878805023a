import Dispatch
import Rill
import RillTesting
import Testing

/// Records events with a check that handlers never overlap.
final class GuardedRecorder<Value: Sendable>: Sendable {
    let events = Locked<[Event<Value, TestError>]>([])
    let overlap = OverlapDetector()
    let finished = DispatchSemaphore(value: 0)

    func subscribe(to signal: Signal<Value, TestError>) -> any Disposable {
        signal.subscribe(
            next: { [self] in record(.next($0)) },
            error: { [self] in record(.error($0)) },
            completed: { [self] in record(.completed) })
    }

    private func record(_ event: Event<Value, TestError>) {
        overlap.enter()
        events.append(event)
        overlap.leave()
        if event.isTerminal { finished.signal() }
    }

    /// Whether the recorded events follow the grammar with exactly one terminal event, last.
    var isWellFormedAndTerminated: Bool {
        let recorded = events.value
        return recorded.filter(\.isTerminal).count == 1 && recorded.last?.isTerminal == true
    }

    func waitForTerminal() -> Bool {
        finished.wait(timeout: HangGuard.deadline) == .success
    }
}

@Suite("Multi-threaded stress")
struct ConcurrencyStressTests {
    @Test("zip of two create signals sending from two threads loses, duplicates and reorders nothing")
    func zipTwoThreads() {
        for _ in 0..<20 {
            let count = 2_000
            let extra = 100
            let left = ManualSource<Int, TestError>(label: "left")
            let right = ManualSource<Int, TestError>(label: "right")
            let recorder = GuardedRecorder<(Int, Int)>()
            _ = recorder.subscribe(to: left.signal.zip(with: right.signal))
            let subscribers = [left.subscriber, right.subscriber]
            onThreads(2) { side in
                // The left side completes after `count` values; the right sends more and never completes.
                let total = side == 0 ? count : count + extra
                for index in 0..<total { subscribers[side].sendNext(index) }
                if side == 0 { subscribers[side].sendCompleted() }
            }
            let values = recorder.events.value.compactMap(\.value)
            #expect(recorder.overlap.overlapCount == 0)
            #expect(values.map(\.0) == Array(0..<count))
            #expect(values.allSatisfy { $0.0 == $0.1 })
            #expect(recorder.isWellFormedAndTerminated)
            #expect(right.isDisposed)
        }
    }

    @Test("zip racing values against an error from the other thread ends with exactly one error, last")
    func zipErrorRace() {
        for _ in 0..<50 {
            let left = ManualSource<Int, TestError>(label: "left")
            let right = ManualSource<Int, TestError>(label: "right")
            let recorder = GuardedRecorder<(Int, Int)>()
            _ = recorder.subscribe(to: left.signal.zip(with: right.signal))
            let subscribers = [left.subscriber, right.subscriber]
            onThreads(2) { side in
                for index in 0..<500 {
                    subscribers[side].sendNext(index)
                    if side == 1 && index == 250 { subscribers[side].sendError(.boom) }
                }
            }
            let recorded = recorder.events.value
            let values = recorded.compactMap(\.value)
            #expect(recorder.overlap.overlapCount == 0)
            #expect(values.map(\.0) == Array(0..<values.count))
            #expect(values.allSatisfy { $0.0 == $0.1 })
            #expect(values.count <= 251)
            #expect(recorder.isWellFormedAndTerminated)
            #expect(recorded.last?.failure == .boom)
            #expect(left.isDisposed && right.isDisposed)
        }
    }

    @Test("zip disposed by one side's thread while the other sends delivers at most the pair in flight after")
    func zipDisposalRace() {
        for _ in 0..<50 {
            let left = ManualSource<Int, TestError>(label: "left")
            let right = ManualSource<Int, TestError>(label: "right")
            let recorder = GuardedRecorder<(Int, Int)>()
            let subscription = recorder.subscribe(to: left.signal.zip(with: right.signal))
            let subscribers = [left.subscriber, right.subscriber]
            let recordedAtDisposal = Locked(0)
            onThreads(2) { side in
                for index in 0..<1_000 {
                    subscribers[side].sendNext(index)
                    if side == 0 && index == 500 {
                        subscription.dispose()
                        recordedAtDisposal.value = recorder.events.value.count
                    }
                }
            }
            let recorded = recorder.events.value
            let values = recorded.compactMap(\.value)
            #expect(recorder.overlap.overlapCount == 0)
            #expect(recorded.count - recordedAtDisposal.value <= 1)
            #expect(recorded.allSatisfy { !$0.isTerminal })
            #expect(values.map(\.0) == Array(0..<values.count))
            #expect(values.allSatisfy { $0.0 == $0.1 })
            #expect(left.isDisposed && right.isDisposed)
        }
    }

    @Test(
        "bind merging inner signals that send from different threads loses, duplicates and reorders nothing")
    func bindInnersOnThreads() {
        for _ in 0..<10 {
            let inners = 6
            let perInner = 1_000
            let recorder = GuardedRecorder<Int>()
            let bound = Signal<Int, TestError>.from(0..<inners).bind {
                { inner in
                    .merge(
                        Signal.create { subscriber in
                            DispatchQueue.global().async {
                                for index in 0..<perInner { subscriber.sendNext(inner * 100_000 + index) }
                                subscriber.sendCompleted()
                            }
                            return nil
                        })
                }
            }
            _ = recorder.subscribe(to: bound)
            #expect(recorder.waitForTerminal())
            let values = recorder.events.value.compactMap(\.value)
            #expect(recorder.overlap.overlapCount == 0)
            #expect(values.count == inners * perInner)
            for inner in 0..<inners {
                let mine = values.filter { $0 / 100_000 == inner }.map { $0 % 100_000 }
                #expect(mine == Array(0..<perInner), "inner \(inner)")
            }
            #expect(recorder.isWellFormedAndTerminated)
            #expect(recorder.events.value.last == .completed)
        }
    }

    @Test(
        "bind with a source and inners all sending from different threads ends with one error when one inner fails"
    )
    func bindInnerErrorOnThreads() {
        for _ in 0..<20 {
            let source = ManualSource<Int, TestError>(label: "source")
            let inners = (0..<4).map { ManualSource<Int, TestError>(label: "inner \($0)") }
            let recorder = GuardedRecorder<Int>()
            _ = recorder.subscribe(
                to: source.signal.bind {
                    { index in index < 4 ? .merge(inners[index].signal) : .merge(.just(index)) }
                })
            for index in 0..<4 { source.sendNext(index) }
            onThreads(5) { thread in
                if thread == 4 {
                    for index in 0..<500 { source.sendNext(index % 4 + 100) }
                    return
                }
                let subscriber = inners[thread].subscriber
                for index in 0..<500 {
                    subscriber.sendNext(thread * 1_000 + index)
                    if thread == 2 && index == 300 { subscriber.sendError(.tagged(2)) }
                }
            }
            #expect(recorder.overlap.overlapCount == 0)
            #expect(recorder.isWellFormedAndTerminated)
            #expect(recorder.events.value.last?.failure == .tagged(2))
            #expect(source.isDisposed && inners.allSatisfy(\.isDisposed))
        }
    }

    @Test("disposing while inner signals send from other threads stops everything without a terminal event")
    func disposeWhileSending() {
        for _ in 0..<20 {
            let source = ManualSource<Int, TestError>(label: "source")
            let inners = (0..<3).map { ManualSource<Int, TestError>(label: "inner \($0)") }
            let recorder = GuardedRecorder<Int>()
            let subscription = recorder.subscribe(
                to: source.signal.bind { { index in .merge(inners[index].signal) } })
            for index in 0..<3 { source.sendNext(index) }
            onThreads(4) { thread in
                if thread == 3 {
                    subscription.dispose()
                    return
                }
                let subscriber = inners[thread].subscriber
                for index in 0..<2_000 where !subscriber.isDisposed {
                    subscriber.sendNext(index)
                }
            }
            #expect(recorder.overlap.overlapCount == 0)
            #expect(recorder.events.value.allSatisfy { !$0.isTerminal })
            #expect(source.isDisposed && inners.allSatisfy(\.isDisposed))
        }
    }
}
