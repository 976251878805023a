import Dispatch
import Rill
import RillTesting
import Testing

@Suite("Signal values as an AsyncSequence")
struct SignalValuesTests {
    @Test("for await receives every value, then the loop ends at completion")
    func valuesThenCompletion() async {
        var received: [Int] = []
        for await value in Signal<Int, Never>.from([1, 2, 3]).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test("the loop throws the signal's own failure type")
    func failureIsTyped() async {
        var received: [Int] = []
        do throws(TestError) {
            for try await value in Signal<Int, TestError>.just(1).concat(.error(.boom)).values {
                received.append(value)
            }
            Issue.record("the loop ended without the failure")
        } catch {
            #expect(error == .boom)
        }
        #expect(received == [1])
    }

    @Test("values sent from another thread all arrive, in order")
    func valuesFromAnotherThread() async throws {
        let scheduler = QueueScheduler(name: "rill.tests.values.sender")
        let source = Signal<Int, TestError>.create { subscriber in
            scheduler.schedule {
                for value in 0..<200 { subscriber.sendNext(value) }
                subscriber.sendCompleted()
            }
        }
        var received: [Int] = []
        for try await value in source.values { received.append(value) }
        #expect(received == Array(0..<200))
    }

    @Test("buffering policies keep the oldest or the newest values that arrive before they are asked for")
    func bufferingPolicies() async {
        let source = Signal<Int, Never>.from(1...5)
        var oldest: [Int] = []
        for await value in source.values(bufferingPolicy: .bufferingOldest(2)) { oldest.append(value) }
        var newest: [Int] = []
        for await value in source.values(bufferingPolicy: .bufferingNewest(2)) { newest.append(value) }
        var none: [Int] = []
        for await value in source.values(bufferingPolicy: .bufferingNewest(0)) { none.append(value) }
        #expect(oldest == [1, 2])
        #expect(newest == [4, 5])
        #expect(none == [])
    }

    @Test("each loop subscribes once, and leaving the loop disposes the subscription")
    func breakDisposes() async {
        let subscriptions = Counter()
        let disposals = Counter()
        let source = Signal<Int, Never>.create { subscriber in
            subscriptions.increment()
            subscriber.sendNext(1)
            return ActionDisposable { disposals.increment() }
        }
        let values = source.values
        #expect(subscriptions.value == 0)
        for await _ in values { break }
        #expect(disposals.value == 1)
        for await _ in values { break }
        #expect(subscriptions.value == 2)
        #expect(disposals.value == 2)
    }

    @Test("cancelling the iterating task disposes the subscription and ends the loop")
    func cancellingTheTaskDisposes() async {
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let source = Signal<Int, Never>.create { _ in
            subscribed.signal()
            return ActionDisposable { disposed.signal() }
        }
        let loop = Task {
            var count = 0
            for await _ in source.values { count += 1 }
            return count
        }
        #expect(await signalled(subscribed))
        loop.cancel()
        #expect(await signalled(disposed))
        #expect(await loop.value == 0)
    }

    @Test("a task cancelled before it iterates ends at once, without subscribing")
    func cancelledBeforeIterating() async {
        let subscriptions = Counter()
        let source = Signal<Int, Never>.create { _ in
            subscriptions.increment()
            return nil
        }
        let loop = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for await _ in source.values { count += 1 }
            return count
        }
        #expect(await loop.value == 0)
        #expect(subscriptions.value == 0)
    }

    @Test("cancelling a task waiting in async first() disposes the subscription and returns nil")
    func cancellingFirstDisposes() async throws {
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let source = Signal<Int, TestError>.create { _ in
            subscribed.signal()
            return ActionDisposable { disposed.signal() }
        }
        let waiting = Task { try await source.first() }
        #expect(await signalled(subscribed))
        waiting.cancel()
        #expect(await signalled(disposed))
        #expect(try await waiting.value == nil)
    }

    @Test("async first() and collect() return the first value and every value")
    func asyncFirstAndCollect() async throws {
        let source = Signal<Int, TestError>.from([4, 5, 6])
        #expect(try await source.first() == 4)
        #expect(try await Signal<Int, TestError>.empty.first() == nil)
        #expect(try await source.collect() == [4, 5, 6])
        await #expect(throws: TestError.other) { try await Signal<Int, TestError>.error(.other).collect() }
    }
}
