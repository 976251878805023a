import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("Blocking access")
struct BlockingAccessTests {
    @Test("first returns the first value and disposes the source")
    func firstReturnsTheFirstValue() throws {
        let disposed = CountingDisposable()
        let source = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(1)
            subscriber.sendNext(2)
            return disposed
        }
        #expect(try source.first() == 1)
        #expect(disposed.disposeCount == 1)
    }

    @Test("first returns nil for a signal that completes without a value, and first(default:) the default")
    func firstOfAnEmptySignal() throws {
        #expect(try Signal<Int, TestError>.empty.first() == nil)
        #expect(try Signal<Int, TestError>.empty.first(default: 9) == 9)
        #expect(try Signal<Int, TestError>.just(3).first(default: 9) == 3)
    }

    @Test("a failure is thrown as WaitError.failed, by first(default:) too")
    func failuresAreThrown() {
        #expect(throws: WaitError<TestError>.failed(.boom)) {
            try Signal<Int, TestError>.error(.boom).first()
        }
        #expect(throws: WaitError<TestError>.failed(.boom)) {
            try Signal<Int, TestError>.error(.boom).first(default: 0)
        }
        #expect(throws: WaitError<TestError>.failed(.other)) {
            try Signal<Int, TestError>.just(1).concat(.error(.other)).toArray()
        }
        #expect(throws: WaitError<TestError>.failed(.boom)) {
            try Signal<Int, TestError>.error(.boom).waitUntilCompleted()
        }
    }

    @Test("toArray returns every value and waitUntilCompleted returns on completion")
    func toArrayAndWaitUntilCompleted() throws {
        #expect(try Signal<Int, TestError>.from([1, 2, 3]).toArray() == [1, 2, 3])
        #expect(try Signal<Int, TestError>.empty.toArray() == [])
        try Signal<Int, TestError>.from([1, 2]).waitUntilCompleted()
    }

    @Test("first waits for a value sent on another thread")
    func firstWaitsForAnotherThread() throws {
        let scheduler = QueueScheduler(name: "rill.tests.blocking.sender")
        let source = Signal<Int, TestError>.create { subscriber in
            scheduler.schedule {
                subscriber.sendNext(42)
                subscriber.sendCompleted()
            }
        }
        #expect(try source.first(timeout: HangGuard.seconds) == 42)
        #expect(try source.toArray(timeout: HangGuard.seconds) == [42])
    }

    @Test("a signal that never sends times out and its subscription is disposed")
    func neverTimesOut() {
        let disposed = CountingDisposable()
        let source = Signal<Int, TestError>.create { _ in disposed }
        #expect {
            try source.first(timeout: 0.05)
        } throws: { error in
            guard case .timedOut(let timeout, _) = error as? WaitError<TestError> else { return false }
            return timeout == 0.05
        }
        #expect(disposed.disposeCount == 1)
    }

    @Test("first called on the thread the signal delivers on returns a timeout error instead of hanging")
    func firstOnTheDeliveringThreadTimesOut() {
        let scheduler = QueueScheduler(name: "rill.tests.blocking.delivering")
        let delivering = Signal<Int, TestError>.create { subscriber in
            scheduler.schedule {
                subscriber.sendNext(1)
                subscriber.sendCompleted()
            }
        }
        let outcome = Locked<Result<Int?, WaitError<TestError>>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        scheduler.schedule {
            outcome.value = Result { () throws(WaitError<TestError>) in try delivering.first(timeout: 0.2) }
            finished.signal()
        }
        #expect(
            finished.wait(timeout: HangGuard.deadline) == .success, "first() hung on the delivering thread")
        guard case .failure(.timedOut(let timeout, let blockedScheduler))? = outcome.value else {
            Issue.record("expected a timeout, got \(String(describing: outcome.value))")
            return
        }
        #expect(timeout == 0.2)
        #expect(blockedScheduler == "the queue 'rill.tests.blocking.delivering'")
        let description =
            "\(WaitError<TestError>.timedOut(after: timeout, blockedScheduler: blockedScheduler))"
        #expect(description.contains("cannot deliver until the wait ends"))
    }

    @Test("WaitError describes the failure and the timeout")
    func waitErrorDescriptions() {
        #expect("\(WaitError<TestError>.failed(.boom))" == "the signal failed: boom")
        #expect(
            "\(WaitError<TestError>.timedOut(after: 1, blockedScheduler: nil))"
                == "the signal did not finish within 1.0 s")
    }
}
