import Foundation
import Rill
import Testing

@Suite("Waiting asynchronously with a timeout")
struct AsyncWaitingTests {
    @Test(
        "asynchronousFirst returns the first value, arriving from another thread, and disposes the subscription"
    )
    func firstValue() async throws {
        let disposed = Flag()
        let signal = Signal<Int, TestError>.create { subscriber in
            DispatchQueue.global().async {
                subscriber.sendNext(1)
                subscriber.sendNext(2)
            }
            return ActionDisposable { disposed.set() }
        }
        // Not the default 10 s: the value comes from Dispatch, which a loaded machine may hold
        // back that long, and the timeout is not what this test is about.
        #expect(try await signal.asynchronousFirst(timeout: .seconds(HangGuard.seconds)) == 1)
        #expect(disposed.isSet)
    }

    @Test("asynchronousFirst returns the default when the signal completes without a value")
    func firstDefault() async throws {
        #expect(try await Signal<Int, TestError>.empty.asynchronousFirst(default: 7) == 7)
        #expect(try await Signal<Int, TestError>.empty.asynchronousFirst() == nil)
    }

    @Test("asynchronousFirst reports the signal's failure")
    func firstFailure() async {
        await #expect(throws: WaitError<TestError>.failed(.boom)) {
            try await Signal<Int, TestError>.error(.boom).asynchronousFirst()
        }
    }

    @Test(
        "asynchronousFirst gives up after the timeout with a typed timeout error, and disposes the subscription"
    )
    func firstTimesOut() async {
        let disposed = Flag()
        let silent = Signal<Int, TestError>.create { _ in ActionDisposable { disposed.set() } }
        do {
            _ = try await silent.asynchronousFirst(timeout: .milliseconds(100))
            Issue.record("a silent signal did not time out")
        } catch {
            guard case .timedOut(let waited, nil) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(waited >= 0.1)
        }
        #expect(disposed.isSet)
    }

    @Test("a cancelled wait ends at once as a timeout after the time waited, and disposes the subscription")
    func cancelled() async {
        let disposed = Flag()
        let subscribed = Flag()
        let silent = Signal<Int, TestError>.create { _ in
            subscribed.set()
            return ActionDisposable { disposed.set() }
        }
        let task = Task { () -> TimeInterval? in
            do throws(WaitError<TestError>) {
                // A timeout far beyond the test's own pace: on a loaded machine, the test may
                // not get to cancel for longer than the default 10 s, and the timeout must not
                // be what ends the wait.
                _ = try await silent.asynchronousFirst(timeout: .seconds(600))
                return nil
            } catch {
                guard case .timedOut(let waited, nil) = error else { return nil }
                return waited
            }
        }
        while !subscribed.isSet { await Task.yield() }
        task.cancel()
        guard let waited = await task.value else {
            Issue.record("the cancelled wait did not end as a timeout")
            return
        }
        #expect(waited < 600)
        #expect(disposed.isSet)
    }

    @Test("asynchronouslyWaitUntilCompleted returns on completion, ignoring values")
    func waitUntilCompleted() async throws {
        let signal = Signal<Int, TestError>.from([1, 2, 3]).subscribe(on: QueueScheduler())
        try await signal.asynchronouslyWaitUntilCompleted(timeout: .seconds(HangGuard.seconds))
    }

    @Test("asynchronouslyWaitUntilCompleted reports a failure, and a timeout")
    func waitUntilCompletedFailures() async {
        await #expect(throws: WaitError<TestError>.failed(.other)) {
            try await Signal<Int, TestError>.error(.other).asynchronouslyWaitUntilCompleted()
        }
        do {
            try await Signal<Int, TestError>.just(1).concat(.never).asynchronouslyWaitUntilCompleted(
                timeout: .milliseconds(50))
            Issue.record("a signal that never completes did not time out")
        } catch {
            guard case .timedOut = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }
}
