import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

@Suite("G6: a subscriber's handlers never run concurrently")
struct G6SerialDeliveryTests {
    /// Values sent by `thread` are `thread * stride + index`.
    private static let stride = 1_000_000

    /// Checks that `received` holds, for each of `threads` senders, exactly `0..<perThread` in order.
    private func checkPerSender(_ received: [Int], threads: Int, perThread: Int) {
        var bySender = [[Int]](repeating: [], count: threads)
        for value in received {
            bySender[value / Self.stride].append(value % Self.stride)
        }
        for sender in 0..<threads {
            #expect(bySender[sender] == Array(0..<perThread), "sender \(sender)")
        }
    }

    @Test(
        "G6: nexts sent from many threads into one subscriber are delivered serially, none lost or duplicated"
    )
    func manyThreadsOneSubscriber() {
        let threads = 4
        let perThread = 10_000
        let overlap = OverlapDetector()
        let received = Locked<[Int]>([])
        let source = ManualSource<Int, TestError>()
        let tally = Counter()
        source.signal.subscribe(
            next: { value in
                overlap.enter()
                received.append(value)
                overlap.leave()
            },
            completed: { tally.increment() })
        let subscriber = source.subscriber
        onThreads(threads) { thread in
            for index in 0..<perThread {
                subscriber.sendNext(thread * Self.stride + index)
            }
        }
        subscriber.sendCompleted()
        #expect(overlap.overlapCount == 0)
        #expect(received.value.count == threads * perThread)
        checkPerSender(received.value, threads: threads, perThread: perThread)
        #expect(tally.value == 1)
    }

    @Test("G6: a completion racing with nexts from other threads is delivered once and last")
    func completionRacingWithNexts() {
        for _ in 0..<50 {
            let overlap = OverlapDetector()
            let events = Locked<[Event<Int, TestError>]>([])
            let source = ManualSource<Int, TestError>()
            source.signal.subscribe(
                next: { value in
                    overlap.enter()
                    events.append(.next(value))
                    overlap.leave()
                },
                error: { error in
                    overlap.enter()
                    events.append(.error(error))
                    overlap.leave()
                },
                completed: {
                    overlap.enter()
                    events.append(.completed)
                    overlap.leave()
                })
            let subscriber = source.subscriber
            onThreads(4) { thread in
                for index in 0..<200 {
                    subscriber.sendNext(index)
                    if index == 100 {
                        if thread == 0 { subscriber.sendCompleted() }
                        if thread == 1 { subscriber.sendError(.boom) }
                    }
                }
            }
            let recorded = events.value
            #expect(overlap.overlapCount == 0)
            #expect(recorded.filter(\.isTerminal).count == 1)
            #expect(recorded.last?.isTerminal == true)
        }
    }

    @Test("G6: bind delivers serially while inner signals send from different threads")
    func bindInnersOnManyThreads() {
        let threads = 4
        let perThread = 5_000
        let inners = (0..<threads).map { ManualSource<Int, TestError>(label: "inner \($0)") }
        let overlap = OverlapDetector()
        let received = Locked<[Int]>([])
        let completions = Counter()
        let source = ManualSource<Int, TestError>(label: "source")
        source.signal.bind { { index in .merge(inners[index].signal) } }.subscribe(
            next: { value in
                overlap.enter()
                received.append(value)
                overlap.leave()
            },
            completed: { completions.increment() })
        for index in 0..<threads { source.sendNext(index) }
        source.sendCompleted()
        onThreads(threads) { thread in
            let subscriber = inners[thread].subscriber
            for index in 0..<perThread {
                subscriber.sendNext(thread * Self.stride + index)
            }
            subscriber.sendCompleted()
        }
        #expect(overlap.overlapCount == 0)
        #expect(received.value.count == threads * perThread)
        checkPerSender(received.value, threads: threads, perThread: perThread)
        #expect(completions.value == 1)
    }

    @Test("G6: zip delivers serially while its two sides send from different threads")
    func zipSidesOnTwoThreads() {
        let count = 20_000
        let left = ManualSource<Int, TestError>(label: "left")
        let right = ManualSource<Int, TestError>(label: "right")
        let overlap = OverlapDetector()
        let received = Locked<[Int]>([])
        let mismatches = Counter()
        let completions = Counter()
        left.signal.zip(with: right.signal).subscribe(
            next: { pair in
                overlap.enter()
                if pair.0 != pair.1 { mismatches.increment() }
                received.append(pair.0)
                overlap.leave()
            },
            completed: { completions.increment() })
        let subscribers = [left.subscriber, right.subscriber]
        onThreads(2) { side in
            for index in 0..<count { subscribers[side].sendNext(index) }
            subscribers[side].sendCompleted()
        }
        #expect(overlap.overlapCount == 0)
        #expect(mismatches.value == 0)
        #expect(received.value == Array(0..<count))
        #expect(completions.value == 1)
    }

    @Test("G6: a second sender queues its event and returns while another thread is delivering")
    func secondSenderDoesNotBlock() {
        let source = ManualSource<Int, TestError>()
        let inHandler = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let deliveredOn = Locked<[Int: ObjectIdentifier]>([:])
        let senders = Locked<[String: ObjectIdentifier]>([:])
        source.signal.subscribe(next: { value in
            deliveredOn.withLock { $0[value] = ObjectIdentifier(Thread.current) }
            if value == 1 {
                inHandler.signal()
                gate.wait()
            }
        })
        let subscriber = source.subscriber
        let firstDone = DispatchSemaphore(value: 0)
        let first = Thread {
            senders.withLock { $0["first"] = ObjectIdentifier(Thread.current) }
            subscriber.sendNext(1)
            firstDone.signal()
        }
        first.start()
        inHandler.wait()
        let secondReturned = DispatchSemaphore(value: 0)
        let second = Thread {
            senders.withLock { $0["second"] = ObjectIdentifier(Thread.current) }
            subscriber.sendNext(2)
            secondReturned.signal()
        }
        second.start()
        let returnedWhileBusy = secondReturned.wait(timeout: HangGuard.deadline) == .success
        #expect(returnedWhileBusy)
        #expect(deliveredOn.value[2] == nil)
        gate.signal()
        firstDone.wait()
        if !returnedWhileBusy { secondReturned.wait() }
        // The thread that was delivering delivered the queued event too.
        let firstSender = senders.value["first"]
        #expect(firstSender != nil && firstSender != senders.value["second"])
        #expect(deliveredOn.value[1] == firstSender)
        #expect(deliveredOn.value[2] == firstSender)
        subscriber.sendCompleted()
    }
}
