import Dispatch
import Rill
import RillTesting
import Testing

@Suite("Signals from async code")
struct AsyncSignalTests {
    @Test("a signal from an AsyncSequence sends its elements, then completes")
    func fromAsyncSequence() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        for value in 1...3 { continuation.yield(value) }
        continuation.finish()
        #expect(await Signal(stream).collect() == [1, 2, 3])
    }

    @Test("a signal from a throwing AsyncSequence fails with its error")
    func fromThrowingAsyncSequence() async {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
        continuation.yield(1)
        continuation.finish(throwing: TestError.boom)
        let recorder = Locked<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        Signal(stream).subscribe(
            next: { recorder.append("next \($0)") },
            error: {
                recorder.append("error \($0)")
                finished.signal()
            })
        #expect(await signalled(finished))
        #expect(recorder.value == ["next 1", "error boom"])
    }

    @Test("disposing a signal from an AsyncSequence cancels the iterating task")
    func disposingCancelsTheSequenceTask() async {
        let cancelled = DispatchSemaphore(value: 0)
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.onTermination = { termination in
            if case .cancelled = termination { cancelled.signal() }
        }
        let subscription = Signal(stream).subscribe()
        subscription.dispose()
        #expect(await signalled(cancelled))
    }

    @Test("a signal from an async operation sends its result on every subscription")
    func fromAsyncOperation() async throws {
        let calls = Counter()
        let signal = Signal<Int, TestError> { () async throws(TestError) in calls.increment() }
        #expect(try await signal.first() == 1)
        #expect(try await signal.collect() == [2])
        let failing = Signal<Int, TestError> { () async throws(TestError) in throw .boom }
        await #expect(throws: TestError.boom) { try await failing.first() }
    }

    @Test("disposing a signal from an async operation cancels its task")
    func disposingCancelsTheOperationTask() async {
        let started = DispatchSemaphore(value: 0)
        let cancelled = DispatchSemaphore(value: 0)
        let signal = Signal<Int, Never> { () async -> Int in
            await withTaskCancellationHandler {
                started.signal()
                // Never yields: the loop ends only when the task is cancelled.
                let (pending, continuation) = AsyncStream.makeStream(of: Int.self)
                for await _ in pending {}
                withExtendedLifetime(continuation) {}
                return 0
            } onCancel: {
                cancelled.signal()
            }
        }
        let received = Counter()
        let subscription = signal.subscribe(next: { _ in received.increment() })
        #expect(await signalled(started))
        subscription.dispose()
        #expect(await signalled(cancelled))
        #expect(received.value == 0)
    }
}
