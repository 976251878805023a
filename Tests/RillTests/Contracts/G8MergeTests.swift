import Dispatch
import Rill
import RillTesting
import Testing

@Suite("G8: bind merges its inner signals")
struct G8MergeTests {
    @Test("G8: bind subscribes each inner signal at once and interleaves their values as they arrive")
    func interleavesAsynchronousInners() {
        let source = ManualSource<String, TestError>(label: "source")
        let a = ManualSource<String, TestError>(label: "a")
        let b = ManualSource<String, TestError>(label: "b")
        let recorder = source.signal.bind { { $0 == "a" ? .merge(a.signal) : .merge(b.signal) } }.record()
        source.sendNext("a")
        source.sendNext("b")
        #expect(a.subscriptions.value == 1 && b.subscriptions.value == 1)
        a.sendNext("a1")
        b.sendNext("b1")
        a.sendNext("a2")
        source.sendCompleted()
        b.sendNext("b2")
        a.sendCompleted()
        b.sendNext("b3")
        #expect(!recorder.isCompleted)
        b.sendCompleted()
        #expect(
            recorder.events == [.next("a1"), .next("b1"), .next("a2"), .next("b2"), .next("b3"), .completed])
    }

    @Test("G8: synchronous inner signals come out in source order")
    func synchronousInnersInOrder() {
        let recorder = Signal<Int, TestError>.from([1, 2, 3]).bind { { .merge(.from([$0, $0 * 10])) } }
            .record()
        #expect(
            recorder.events == [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
    }

    @Test("G8: inner signals running on other threads are all merged before completion")
    func innersOnOtherThreads() {
        let done = DispatchSemaphore(value: 0)
        let values = Locked<[Int]>([])
        let completions = Counter()
        let inner: @Sendable (Int) -> Signal<Int, TestError> = { base in
            Signal.create { subscriber in
                DispatchQueue.global().async {
                    for offset in 0..<100 { subscriber.sendNext(base * 1000 + offset) }
                    subscriber.sendCompleted()
                }
                return nil
            }
        }
        Signal<Int, TestError>.from(0..<8).bind { { .merge(inner($0)) } }.subscribe(
            next: { values.append($0) },
            completed: {
                completions.increment()
                done.signal()
            })
        #expect(done.wait(timeout: HangGuard.deadline) == .success)
        let received = values.value
        #expect(received.count == 800)
        #expect(Set(received).count == 800)
        for base in 0..<8 {
            #expect(received.filter { $0 / 1000 == base } == Array(base * 1000..<base * 1000 + 100))
        }
        #expect(completions.value == 1)
    }
}
