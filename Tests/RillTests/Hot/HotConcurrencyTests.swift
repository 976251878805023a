import Dispatch
import Foundation
import Rill
import RillTesting
import Testing

/// Subjects under concurrent senders, re-entrant senders, and subscriptions that come and go.
///
/// The plain subject takes the full 8 senders × 100,000 values. The replay and behavior subjects
/// share its send path and add only their memory, so they take 8 × 25,000: under ThreadSanitizer
/// the whole suite then needs about 35 s of processor time.
@Suite("Subjects under concurrency", .serialized)
struct HotConcurrencyTests {
    static let senders = 8
    static let valuesPerSender = 100_000
    static let valuesPerSenderWithMemory = 25_000

    /// What one subscription received, checked without a lock per value: each subscription is
    /// called serially (G6), which the overlap detector verifies.
    final class Receipt: Sendable {
        let values = Locked<[Int]>([])
        let terminals = Counter()
        let afterTerminal = Counter()
        let overlaps = OverlapDetector()

        func subscribe(to signal: Signal<Int, Never>) {
            values.withLock {
                $0.reserveCapacity(HotConcurrencyTests.senders * HotConcurrencyTests.valuesPerSender)
            }
            signal.subscribe(
                next: { [self] value in
                    overlaps.enter()
                    if terminals.value > 0 { afterTerminal.increment() }
                    values.append(value)
                    overlaps.leave()
                },
                completed: { [self] in terminals.increment() })
        }
    }

    /// Sends `senders × valuesPerSender` values into `subject` from `senders` threads at once,
    /// then completes it, with two subscriptions watching.
    private func hammer(_ subject: some SubjectProtocol<Int, Never>, perSender: Int) -> (Receipt, Receipt) {
        let first = Receipt()
        let second = Receipt()
        first.subscribe(to: subject.signal)
        second.subscribe(to: subject.signal)
        onThreads(Self.senders) { sender in
            for index in 0..<perSender { subject.sendNext(sender * Self.valuesPerSender + index) }
        }
        subject.sendCompleted()
        return (first, second)
    }

    /// Nothing lost, nothing duplicated, each sender's order kept, serial calls, one completion.
    private func expectComplete(_ receipt: Receipt, perSender: Int) {
        let values = receipt.values.value
        #expect(values.count == Self.senders * perSender)
        var seen = [Bool](repeating: false, count: Self.senders * Self.valuesPerSender)
        var duplicates = 0
        var lastPerSender = [Int](repeating: -1, count: Self.senders)
        var disorder = 0
        for value in values {
            if seen[value] { duplicates += 1 }
            seen[value] = true
            let sender = value / Self.valuesPerSender
            if value <= lastPerSender[sender] { disorder += 1 }
            lastPerSender[sender] = value
        }
        #expect(duplicates == 0)
        #expect(seen.enumerated().allSatisfy { $0.element == ($0.offset % Self.valuesPerSender < perSender) })
        #expect(disorder == 0)
        #expect(receipt.overlaps.overlapCount == 0)
        #expect(receipt.terminals.value == 1)
        #expect(receipt.afterTerminal.value == 0)
    }

    @Test(
        "G6: a subject under 8 senders × 100,000 values loses and duplicates nothing, and every subscription sees one order"
    )
    func subject() {
        let (first, second) = hammer(Subject<Int, Never>(), perSender: Self.valuesPerSender)
        expectComplete(first, perSender: Self.valuesPerSender)
        expectComplete(second, perSender: Self.valuesPerSender)
        #expect(first.values.value == second.values.value)
    }

    @Test("G6: a replay subject under 8 senders × 25,000 values replays exactly the order it sent live")
    func replaySubject() {
        let perSender = Self.valuesPerSenderWithMemory
        let subject = ReplaySubject<Int, Never>()
        let (first, second) = hammer(subject, perSender: perSender)
        expectComplete(first, perSender: perSender)
        expectComplete(second, perSender: perSender)
        let replayed = Receipt()
        replayed.subscribe(to: subject.signal)
        expectComplete(replayed, perSender: perSender)
        #expect(replayed.values.value == first.values.value)
        #expect(second.values.value == first.values.value)
    }

    @Test("G6: a behavior subject under 8 senders × 25,000 values keeps the latest value sent last")
    func behaviorSubject() {
        let perSender = Self.valuesPerSenderWithMemory
        let subject = BehaviorSubject<Int, Never>(-1)
        let first = Receipt()
        first.subscribe(to: subject.signal)
        onThreads(Self.senders) { sender in
            for index in 0..<perSender { subject.sendNext(sender * Self.valuesPerSender + index) }
        }
        subject.sendCompleted()
        let values = first.values.value
        #expect(values.first == -1)
        first.values.withLock { $0.removeFirst() }
        expectComplete(first, perSender: perSender)
        #expect(subject.value == values.last)
    }

    @Test(
        "G1: subscriptions that come and go while 8 threads send keep the grammar, and each sees its values in order"
    )
    func churn() {
        let subject = Subject<Int, Never>()
        let violations = Counter()
        let done = Flag()
        let churner = DispatchSemaphore(value: 0)
        Thread {
            while !done.isSet {
                let last = Locked(-1)
                let ended = Flag()
                let subscription = subject.signal.subscribe(
                    next: { value in
                        if ended.isSet { violations.increment() }
                        // Values of sender 0 arrive in the order sent.
                        if value < Self.valuesPerSender {
                            last.withLock { last in
                                if value <= last { violations.increment() }
                                last = value
                            }
                        }
                    },
                    completed: { ended.set() })
                subscription.dispose()
            }
            churner.signal()
        }.start()
        onThreads(Self.senders) { sender in
            for index in 0..<(Self.valuesPerSender / 10) {
                subject.sendNext(sender * Self.valuesPerSender + index)
            }
        }
        done.set()
        #expect(churner.wait(timeout: HangGuard.deadline) == .success)
        #expect(violations.value == 0)
    }

    /// A recursion of one frame per event would overflow the 512 KiB stack after a few thousand.
    @Test(
        "G7: a subscriber that sends into its own subject 200,000 times neither deadlocks nor grows the stack"
    )
    func reentrantSender() {
        let count = 200_000
        let received = Counter()
        let finished = DispatchSemaphore(value: 0)
        let stackSize = Locked(0)
        let thread = Thread {
            stackSize.value = currentThreadStackSize()
            let subject = Subject<Int, Never>()
            let subscription = subject.signal.subscribe(next: { value in
                received.increment()
                if value + 1 < count { subject.sendNext(value + 1) } else { subject.sendCompleted() }
            })
            subject.sendNext(0)
            subscription.dispose()
            finished.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        #expect(finished.wait(timeout: HangGuard.deadline) == .success)
        #expect(received.value == count)
        #expect(stackSize.value > 0 && stackSize.value <= 1024 * 1024)
    }

    @Test("G7: two subscribers that both re-enter a replay subject stay flat and see the same values")
    func reentrantReplaySubscribers() {
        let count = 100_000
        let first = Locked<[Int]>([])
        let second = Locked<[Int]>([])
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            let subject = ReplaySubject<Int, Never>(capacity: 1)
            subject.signal.subscribe(next: { value in
                first.append(value)
                if value % 2 == 0, value < count { subject.sendNext(value + 1) }
            })
            subject.signal.subscribe(next: { value in
                second.append(value)
                if value % 2 == 1, value < count { subject.sendNext(value + 1) }
            })
            subject.sendNext(0)
            subject.sendCompleted()
            finished.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        #expect(finished.wait(timeout: HangGuard.deadline) == .success)
        #expect(first.value == Array(0...count))
        #expect(second.value == first.value)
    }
}
