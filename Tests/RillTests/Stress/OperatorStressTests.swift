import Dispatch
import Foundation
import Rill
import Synchronization
import Testing

/// The size of a stress run: `RILL_STRESS_VALUES` values per sending thread (10,000 unless set),
/// from ``senders`` threads at once; with `RILL_STRESS_SECONDS`, each test repeats its run for that
/// long.
enum StressScale {
    static let senders = 8
    static let churners = 2
    static let valuesPerSender =
        ProcessInfo.processInfo.environment["RILL_STRESS_VALUES"].flatMap(Int.init) ?? 10_000
    static let secondsPerTest =
        ProcessInfo.processInfo.environment["RILL_STRESS_SECONDS"].flatMap(Double.init)

    /// Runs `run` once, or, with `RILL_STRESS_SECONDS` set, again and again until that many
    /// seconds have passed: a test's length then follows the time given, not the machine's speed,
    /// and every round starts from fresh subjects, so subscription start and end race anew.
    static func repeatForBudget(_ run: () -> Void) {
        let start = ContinuousClock.now
        var rounds = 0
        repeat {
            run()
            rounds += 1
        } while secondsPerTest.map { start.duration(to: .now) < .seconds($0) } ?? false
        if secondsPerTest != nil {
            print("stress: \(rounds) rounds in \(start.duration(to: .now))")
        }
    }

    /// Values are tagged with their sender: `sender * stride + index`.
    static let stride = 1_000_000_000

    static func tag(_ sender: Int, _ index: Int) -> Int { sender * stride + index }
    static func sender(of value: Int) -> Int { value / stride }
    static func index(of value: Int) -> Int { value % stride }
}

/// Watches one subscription under stress: whether its handlers overlap, whether the grammar
/// holds, and whether a handler starts after `dispose()` returned.
final class StressProbe<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var terminals = 0
        var eventsAfterTerminal = 0
        var isFailed = false
    }

    private let state = Locked(State())
    let overlap = OverlapDetector()
    private let disposalReturned = Flag()
    /// Handlers that started after `dispose()` returned.
    let lateStarts = Counter()
    private let terminated = DispatchSemaphore(value: 0)
    private let keepsValues: Bool

    init(keepsValues: Bool = true) {
        self.keepsValues = keepsValues
    }

    func subscribe(to signal: Signal<Value, TestError>) -> any Disposable {
        signal.subscribe(
            next: { [self] value in
                record(isTerminal: false) { state in
                    if keepsValues { state.values.append(value) }
                }
            },
            error: { [self] _ in
                record(isTerminal: true) { state in state.isFailed = true }
                terminated.signal()
            },
            completed: { [self] in
                record(isTerminal: true) { _ in }
                terminated.signal()
            })
    }

    private func record(isTerminal: Bool, _ change: @Sendable (inout State) -> Void) {
        overlap.enter()
        if disposalReturned.isSet { lateStarts.increment() }
        state.withLock { state in
            if state.terminals > 0 { state.eventsAfterTerminal += 1 }
            change(&state)
            if isTerminal { state.terminals += 1 }
        }
        overlap.leave()
    }

    /// Disposes `subscription` and notes that disposal has returned.
    func dispose(_ subscription: any Disposable) {
        subscription.dispose()
        disposalReturned.set()
    }

    var values: [Value] { state.value.values }
    var isFailed: Bool { state.value.isFailed }
    var eventsAfterTerminal: Int { state.value.eventsAfterTerminal }

    /// Waits for the terminal event; `false` on a timeout, which means a deadlock or a lost event.
    func waitForTerminal() -> Bool {
        terminated.wait(timeout: HangGuard.deadline) == .success
    }
}

extension StressProbe {
    /// The grammar held, handlers never overlapped, and at most one handler (the one whose
    /// delivery had begun, G3) started after disposal returned.
    func expectWellBehaved(disposed: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(overlap.overlapCount == 0, "handlers overlapped", sourceLocation: sourceLocation)
        #expect(eventsAfterTerminal == 0, "events after the terminal event", sourceLocation: sourceLocation)
        if disposed {
            #expect(
                lateStarts.value <= 1, "handlers started after dispose() returned",
                sourceLocation: sourceLocation)
        }
    }
}

/// Runs `senders` sending threads and `churners` threads that subscribe to `signal` and dispose
/// at random while the senders run; fails by timeout instead of hanging on a deadlock.
func stress(
    _ signal: Signal<Int, TestError>, senders: Int = StressScale.senders,
    sourceLocation: SourceLocation = #_sourceLocation,
    send: @escaping @Sendable (_ sender: Int) -> Void
) {
    let sending = DispatchGroup()
    let churning = DispatchGroup()
    let sendersDone = Flag()
    let churnSubscriptions = Counter()
    for sender in 0..<senders {
        sending.enter()
        Thread {
            send(sender)
            sending.leave()
        }.start()
    }
    for churner in 0..<StressScale.churners {
        churning.enter()
        Thread {
            var generator = SystemRandomNumberGenerator()
            var round = 0
            while !sendersDone.isSet || round < 2 {
                round += 1
                let probe = StressProbe<Int>(keepsValues: false)
                let subscription = probe.subscribe(to: signal)
                // Give the senders a random moment to deliver into this subscription.
                for _ in 0..<Int.random(in: 0..<2_000, using: &generator) where !sendersDone.isSet {
                    _ = churner
                }
                probe.dispose(subscription)
                probe.expectWellBehaved(disposed: true, sourceLocation: sourceLocation)
                churnSubscriptions.increment()
            }
            churning.leave()
        }.start()
    }
    let sent = sending.wait(timeout: HangGuard.deadline)
    sendersDone.set()
    #expect(sent == .success, "the senders did not finish: a deadlock?", sourceLocation: sourceLocation)
    #expect(
        churning.wait(timeout: HangGuard.deadline) == .success,
        "the subscribing threads did not finish: a deadlock?", sourceLocation: sourceLocation)
    #expect(churnSubscriptions.value >= 2 * StressScale.churners, sourceLocation: sourceLocation)
}

/// Whether `values`, grouped by sender, are for each sender exactly `0..<count` in order.
func everySenderComplete(_ values: [Int], senders: Int, count: Int) -> Bool {
    var next = Array(repeating: 0, count: senders)
    for value in values {
        let sender = StressScale.sender(of: value)
        guard sender < senders, StressScale.index(of: value) == next[sender] else { return false }
        next[sender] += 1
    }
    return next.allSatisfy { $0 == count }
}

@Suite("Multi-input operators under stress", .serialized)
struct OperatorStressTests {
    let count = StressScale.valuesPerSender
    let senders = StressScale.senders

    func subjects() -> [Subject<Int, TestError>] {
        (0..<StressScale.senders).map { _ in Subject() }
    }

    /// Each sender sends its tagged values into its own subject, then completes it.
    func sendAll(into subjects: [Subject<Int, TestError>]) -> @Sendable (Int) -> Void {
        let count = count
        return { sender in
            for index in 0..<count { subjects[sender].sendNext(StressScale.tag(sender, index)) }
            subjects[sender].sendCompleted()
        }
    }

    /// Feeds one subject per sender into the signal `combine` makes of them, and expects every
    /// sender's values, complete and in order.
    func expectEveryValue(through combine: ([Subject<Int, TestError>]) -> Signal<Int, TestError>) {
        StressScale.repeatForBudget {
            let inputs = subjects()
            let combined = combine(inputs)
            let probe = StressProbe<Int>()
            let subscription = probe.subscribe(to: combined)
            stress(combined, send: sendAll(into: inputs))
            #expect(probe.waitForTerminal())
            #expect(everySenderComplete(probe.values, senders: senders, count: count))
            probe.expectWellBehaved(disposed: false)
            subscription.dispose()
        }
    }

    @Test("merge of 8 subjects fed from 8 threads loses, duplicates and reorders nothing")
    func merge() {
        expectEveryValue { inputs in Signal.merge(inputs.map(\.signal)) }
    }

    @Test(
        "deliver(on:) a serial or a concurrent queue, after a merge of 8 subjects fed from 8 threads, loses, duplicates and reorders nothing",
        arguments: [false, true])
    func deliverOnQueue(concurrent: Bool) {
        let queue = DispatchQueue(label: "rill.stress.deliver", attributes: concurrent ? .concurrent : [])
        expectEveryValue { inputs in
            Signal.merge(inputs.map(\.signal)).deliver(on: QueueScheduler(queue: queue))
        }
    }

    @Test("flattenMap over 8 subjects fed from 8 threads loses, duplicates and reorders nothing")
    func flattenMap() {
        let senders = senders
        expectEveryValue { inputs in
            Signal<Int, TestError>.from(0..<senders).flattenMap { inputs[$0].signal }
        }
    }

    @Test("zip of 8 subjects fed from 8 threads pairs every n-th value, in order, and completes")
    func zip() {
        StressScale.repeatForBudget {
            let inputs = subjects()
            let zipped = Signal.zip(inputs.map(\.signal)).map { $0.map(StressScale.index(of:)) }
                .map { indices in indices.allSatisfy { $0 == indices[0] } ? indices[0] : -1 }
            let probe = StressProbe<Int>()
            let subscription = probe.subscribe(to: zipped)
            stress(zipped, send: sendAll(into: inputs))
            #expect(probe.waitForTerminal())
            #expect(probe.values == Array(0..<count))
            probe.expectWellBehaved(disposed: false)
            subscription.dispose()
        }
    }

    @Test("combineLatest of 8 subjects fed from 8 threads only moves forward and ends on every last value")
    func combineLatest() {
        StressScale.repeatForBudget {
            let inputs = subjects()
            let combined = Signal.combineLatest(inputs.map(\.signal))
            let arrays = Locked<[Int]?>(nil)
            let backwards = Counter()
            let observed = combined.map { values -> Int in
                // Each input's values increase, so the latest of each never goes back.
                arrays.withLock { previous in
                    if let last = previous, Swift.zip(last, values).contains(where: { $0 > $1 }) {
                        backwards.increment()
                    }
                    previous = values
                }
                return values.count
            }
            let probe = StressProbe<Int>(keepsValues: false)
            let subscription = probe.subscribe(to: observed)
            stress(combined.map { $0.count }, send: sendAll(into: inputs))
            #expect(probe.waitForTerminal())
            #expect(backwards.value == 0)
            #expect(arrays.value == (0..<senders).map { StressScale.tag($0, count - 1) })
            probe.expectWellBehaved(disposed: false)
            subscription.dispose()
        }
    }

    @Test("a subject fed from 8 threads delivers every value once, in each thread's order")
    func subject() {
        StressScale.repeatForBudget {
            let subject = Subject<Int, TestError>()
            let probe = StressProbe<Int>()
            let subscription = probe.subscribe(to: subject.signal)
            let finished = Counter()
            let count = count
            stress(subject.signal) { sender in
                for index in 0..<count { subject.sendNext(StressScale.tag(sender, index)) }
                if finished.increment() == StressScale.senders { subject.sendCompleted() }
            }
            #expect(probe.waitForTerminal())
            #expect(everySenderComplete(probe.values, senders: senders, count: count))
            probe.expectWellBehaved(disposed: false)
            subscription.dispose()
        }
    }

    @Test("group(by:) of a subject fed from 8 threads routes every value to its group, in order")
    func groupBy() {
        StressScale.repeatForBudget {
            let subject = Subject<Int, TestError>()
            let grouped = subject.signal.group(by: StressScale.sender(of:)).flattenMap { $0.signal }
            let probe = StressProbe<Int>()
            let subscription = probe.subscribe(to: grouped)
            let finished = Counter()
            let count = count
            stress(grouped) { sender in
                for index in 0..<count { subject.sendNext(StressScale.tag(sender, index)) }
                if finished.increment() == StressScale.senders { subject.sendCompleted() }
            }
            #expect(probe.waitForTerminal())
            #expect(everySenderComplete(probe.values, senders: senders, count: count))
            probe.expectWellBehaved(disposed: false)
            subscription.dispose()
        }
    }

    /// A subject fed by 7 threads, and a trigger subject fired by the 8th halfway through.
    func triggered(
        _ makeSignal: (Signal<Int, TestError>, Signal<Int, TestError>) -> Signal<Int, TestError>
    ) -> (probe: StressProbe<Int>, values: [Int]) {
        let source = Subject<Int, TestError>()
        let trigger = Subject<Int, TestError>()
        let signal = makeSignal(source.signal, trigger.signal)
        let probe = StressProbe<Int>()
        let subscription = probe.subscribe(to: signal)
        let finished = Counter()
        let count = count
        stress(signal) { sender in
            if sender == StressScale.senders - 1 {
                trigger.sendNext(0)
                trigger.sendNext(1)
                trigger.sendCompleted()
                return
            }
            for index in 0..<count { source.sendNext(StressScale.tag(sender, index)) }
            if finished.increment() == StressScale.senders - 1 { source.sendCompleted() }
        }
        #expect(probe.waitForTerminal())
        probe.expectWellBehaved(disposed: false)
        subscription.dispose()
        return (probe, probe.values)
    }

    /// Whether every sender's values are a contiguous run of its indices, in order, and, if
    /// `endingAtLast`, the run ends at its last value.
    func contiguousPerSender(_ values: [Int], startingAtZero: Bool, endingAtLast: Bool) -> Bool {
        var last = [Int: Int]()
        for value in values {
            let sender = StressScale.sender(of: value)
            let index = StressScale.index(of: value)
            if let previous = last[sender] {
                guard index == previous + 1 else { return false }
            } else if startingAtZero, index != 0 {
                return false
            }
            last[sender] = index
        }
        return !endingAtLast || last.values.allSatisfy { $0 == count - 1 }
    }

    @Test(
        "take(untilTrigger:) racing 7 sending threads against a trigger thread sends a prefix of each, then completes"
    )
    func takeUntilTrigger() {
        StressScale.repeatForBudget {
            let (_, values) = triggered { source, trigger in source.take(untilTrigger: trigger) }
            #expect(contiguousPerSender(values, startingAtZero: true, endingAtLast: false))
        }
    }

    @Test("skip(untilTrigger:) racing 7 sending threads against a trigger thread sends a suffix of each")
    func skipUntilTrigger() {
        StressScale.repeatForBudget {
            let (_, values) = triggered { source, trigger in source.skip(untilTrigger: trigger) }
            #expect(contiguousPerSender(values, startingAtZero: false, endingAtLast: true))
        }
    }

    @Test(
        "take(untilReplacement:) racing 7 sending threads against a replacement sends a prefix of each, then the replacement"
    )
    func takeUntilReplacement() {
        StressScale.repeatForBudget {
            let (_, values) = triggered { source, replacement in
                source.take(untilReplacement: replacement.map { -1 - $0 })
            }
            let replaced = values.drop { $0 >= 0 }
            #expect(contiguousPerSender(values.filter { $0 >= 0 }, startingAtZero: true, endingAtLast: false))
            #expect(replaced.allSatisfy { $0 < 0 })
            #expect(Array(replaced) == [-1, -2])
        }
    }

    @Test("sample racing a sending thread against a sampling thread sends only values sent, never going back")
    func sample() {
        StressScale.repeatForBudget {
            let source = Subject<Int, TestError>()
            let sampler = Subject<Int, TestError>()
            let sampled = source.signal.sample(with: sampler.signal)
            let probe = StressProbe<Int>()
            let subscription = probe.subscribe(to: sampled)
            let count = count
            stress(sampled, senders: 2) { sender in
                if sender == 0 {
                    for index in 0..<count { source.sendNext(index) }
                } else {
                    for index in 0..<count { sampler.sendNext(index) }
                }
            }
            source.sendNext(count)
            sampler.sendNext(0)
            sampler.sendCompleted()
            #expect(probe.waitForTerminal())
            let values = probe.values
            #expect(values.last == count)
            #expect(Swift.zip(values, values.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(values.count <= count + 1)
            probe.expectWellBehaved(disposed: false)
            subscription.dispose()
        }
    }
}
