import Rill
import RillTesting
import Testing

@Suite("zip(with:)")
struct ZipTests {
    private func make() -> (
        left: ManualSource<Int, TestError>, right: ManualSource<String, TestError>,
        recorder: EventRecorder<(Int, String), TestError>
    ) {
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<String, TestError>(label: "right")
        return (left, right, left.signal.zip(with: right.signal).record())
    }

    private func terminalCount(_ recorder: EventRecorder<(Int, String), TestError>) -> Int {
        recorder.events.filter(\.isTerminal).count
    }

    @Test("zip pairs the n-th values of both sides")
    func pairsValues() {
        let recorder = Signal<Int, TestError>.from([1, 2, 3]).zip(
            with: Signal<String, TestError>.from(["a", "b", "c"])
        ).record()
        #expect(pairs(recorder.values) == ["1a", "2b", "3c"])
        #expect(recorder.isCompleted)
    }

    @Test("zip buffers values until their partner arrives")
    func buffersValues() {
        let (left, right, recorder) = make()
        left.sendNext(1)
        left.sendNext(2)
        left.sendNext(3)
        #expect(recorder.values.isEmpty)
        right.sendNext("a")
        #expect(pairs(recorder.values) == ["1a"])
        right.sendNext("b")
        right.sendNext("c")
        right.sendNext("d")
        left.sendNext(4)
        #expect(pairs(recorder.values) == ["1a", "2b", "3c", "4d"])
        #expect(!recorder.isCompleted)
        recorder.dispose()
    }

    @Test("zip subscribes to its receiver first, then to the other signal")
    func subscriptionOrder() {
        let log = Locked<[String]>([])
        let first = Signal<Int, TestError>.create { _ in
            log.append("first")
            return nil
        }
        let second = Signal<Int, TestError>.create { _ in
            log.append("second")
            return nil
        }
        let recorder = first.zip(with: second).record()
        #expect(log.value == ["first", "second"])
        recorder.dispose()
    }

    @Test("zip waits for the buffered values of a completed side to be paired")
    func completedSideWithBufferedValues() {
        let (left, right, recorder) = make()
        left.sendNext(1)
        left.sendNext(2)
        left.sendCompleted()
        #expect(!recorder.isCompleted)
        right.sendNext("a")
        #expect(!recorder.isCompleted)
        right.sendNext("b")
        #expect(pairs(recorder.values) == ["1a", "2b"])
        #expect(recorder.isCompleted)
        #expect(right.isDisposed)
    }

    @Test("zip completes at once when a side completes with an empty queue, even if the other runs on")
    func completesWhenCompletedSideEmpty() {
        let (left, right, recorder) = make()
        right.sendNext("a")
        right.sendNext("b")
        left.sendNext(1)
        left.sendCompleted()
        #expect(pairs(recorder.values) == ["1a"])
        #expect(recorder.isCompleted)
        #expect(right.isDisposed)
        right.sendNext("c")
        left.sendNext(2)
        #expect(recorder.events.count == 2)
    }

    @Test("zip completes when the other side completes first with an empty queue")
    func otherSideCompletesFirst() {
        let (left, right, recorder) = make()
        left.sendNext(1)
        right.sendCompleted()
        #expect(recorder.events.count == 1)
        #expect(recorder.isCompleted)
        #expect(left.isDisposed)
    }

    @Test("zip forwards an error at once even with values buffered")
    func errorWithBufferedValues() {
        let (left, right, recorder) = make()
        left.sendNext(1)
        left.sendNext(2)
        right.sendNext("a")
        right.sendError(.boom)
        #expect(pairs(recorder.values) == ["1a"])
        #expect(recorder.failure == .boom)
        #expect(left.isDisposed)
    }

    @Test("zip forwards an error from a completed side whose values are still buffered")
    func errorAfterCompletionWithBuffer() {
        let (left, right, recorder) = make()
        left.sendNext(1)
        left.sendCompleted()
        right.sendError(.boom)
        #expect(recorder.events.count == 1)
        #expect(recorder.failure == .boom)
    }

    @Test("zip ignores an error that arrives after it completed")
    func errorAfterCompletionIgnored() {
        let (left, right, recorder) = make()
        left.sendCompleted()
        #expect(recorder.isCompleted)
        right.sendError(.boom)
        #expect(recorder.failure == nil)
        #expect(terminalCount(recorder) == 1)
    }

    @Test("zip with just on both sides sends one pair and completes")
    func justJust() {
        let recorder = Signal<Int, TestError>.just(1).zip(with: Signal<String, TestError>.just("a")).record()
        #expect(pairs(recorder.values) == ["1a"])
        #expect(recorder.isCompleted)
        #expect(recorder.events.count == 2)
    }

    @Test("zip with an empty side completes at once")
    func emptySide() {
        let left = Signal<Int, TestError>.empty.zip(with: Signal<String, TestError>.just("a")).record()
        let right = Signal<Int, TestError>.just(1).zip(with: Signal<String, TestError>.empty).record()
        #expect(left.events.count == 1 && left.isCompleted)
        #expect(right.events.count == 1 && right.isCompleted)
    }

    @Test("zip subscribes the other signal even when the receiver ended it synchronously, as RAC does")
    func otherSubscribedAfterSynchronousEnd() {
        // RAC -zipWith: subscribes both signals unconditionally; the second subscription runs
        // (and is then disposed) even when the first already completed or failed the zip.
        let other = ManualSource<String, TestError>(label: "other")
        let completed = Signal<Int, TestError>.empty.zip(with: other.signal).record()
        let failed = Signal<Int, TestError>.error(.boom).zip(with: other.signal).record()
        #expect(completed.isCompleted)
        #expect(failed.failure == .boom)
        #expect(other.subscriptions.value == 2)
        #expect(other.disposals.value == 2)
    }

    @Test("zip with an error side fails")
    func errorSide() {
        let recorder = Signal<Int, TestError>.just(1).zip(with: Signal<String, TestError>.error(.boom))
            .record()
        #expect(recorder.values.isEmpty)
        #expect(recorder.failure == .boom)
    }

    @Test("zip of two never signals sends nothing")
    func neverNever() {
        let recorder = Signal<Int, TestError>.never.zip(with: Signal<String, TestError>.never).record()
        #expect(recorder.events.isEmpty)
        recorder.dispose()
    }

    /// Zips two producer signals of `count` values each (producers, so that zip cannot pull
    /// them in step: the first side is buffered whole before the second starts) and returns
    /// the processor time it took.
    private func zipBuffered(_ count: Int) -> Duration {
        let mismatches = Counter()
        let tally = Tally()
        let side = Signal<Int, Never>(producer: { observer, lifetime in
            for value in 0..<count {
                guard !lifetime.isDisposed else { return }
                observer.sendNext(value)
            }
            observer.sendCompleted()
        })
        let elapsed = measureThreadTime {
            side.zip(with: side).subscribe(
                next: { pair in
                    if pair.0 != pair.1 { mismatches.increment() }
                    tally.next(pair.0)
                },
                completed: { tally.completed() })
        }
        #expect(tally.count == count)
        #expect(tally.outOfOrder == 0)
        #expect(mismatches.value == 0)
        #expect(tally.completedCount == 1)
        return elapsed
    }

    @Test("zip pairs a million buffered values in linear time")
    func millionValues() {
        // A queue with O(n) removal at the front would need ~10^11 element moves for the million.
        expectLinearTime(from: 250_000, of: "values") { zipBuffered($0) }
    }

    @Test("zip of a synchronous signal with itself pairs each value with itself")
    func zipWithItself() {
        let signal = Signal<Int, TestError>.from([1, 2, 3])
        let recorder = signal.zip(with: signal).record()
        #expect(pairs(recorder.values) == ["11", "22", "33"])
        #expect(recorder.isCompleted)
    }

    @Test("zip of two from sequences of unequal length pairs the shorter one, then completes")
    func sequencesOfUnequalLength() {
        let longer = Signal<Int, TestError>.from([1, 2, 3])
        let shorter = Signal<String, TestError>.from(["a", "b"])
        let first = longer.zip(with: shorter).record()
        #expect(pairs(first.values) == ["1a", "2b"])
        #expect(first.isCompleted && first.events.count == 3)
        let second = shorter.zip(with: longer).record()
        #expect(pairs(second.values) == ["a1", "b2"])
        #expect(second.isCompleted && second.events.count == 3)
        let withEmpty = Signal<Int, TestError>.from([Int]()).zip(with: shorter).record()
        #expect(withEmpty.events.count == 1 && withEmpty.isCompleted)
    }

    @Test("zip of a from sequence with a create signal buffers the sequence and pairs it as values arrive")
    func sequenceWithCreate() {
        let right = ManualSource<String, TestError>(label: "right")
        let recorder = Signal<Int, TestError>.from([1, 2]).zip(with: right.signal).record()
        #expect(recorder.values.isEmpty)
        right.sendNext("a")
        #expect(pairs(recorder.values) == ["1a"])
        #expect(!recorder.isCompleted)
        right.sendNext("b")
        #expect(pairs(recorder.values) == ["1a", "2b"])
        #expect(recorder.isCompleted)
        #expect(right.isDisposed)
    }
}
