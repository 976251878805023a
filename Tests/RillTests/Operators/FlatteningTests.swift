import Rill
import RillTesting
import Testing

/// Flattening signals of signals: what each strategy subscribes to, when it ends, and that it
/// lets go of every inner subscription (RAC's `-flatten:`, `-switchToLatest`, `-concat`).
@Suite("Flattening")
struct FlatteningTests {
    typealias Inner = Signal<Int, TestError>

    static let strategies: [FlattenStrategy] = [
        .merge, .concat, .concurrent(limit: 2), .latest, .race, .exhaust,
    ]

    /// How many of three inner signals that arrive together, and never end, each strategy runs.
    static func runningOfThree(_ strategy: FlattenStrategy) -> Int {
        switch strategy {
        case .merge, .race: 3
        case .concurrent(limit: 2): 2
        default: 1
        }
    }

    // MARK: Many inner signals

    /// The processor time `merge` takes to end `count` inner signals in the order they started, and to
    /// dispose as many subscriptions to one subject in the order they were made.
    static func endInOrderOfStart(_ count: Int) -> Duration {
        let inners = (0..<count).map { _ in Subject<Int, TestError>() }
        let outer = Subject<Subject<Int, TestError>, TestError>()
        let recorder = outer.flatMap(.merge) { $0.signal }.record()
        for inner in inners { outer.sendNext(inner) }
        let source = Subject<Int, TestError>()
        let subscriptions = (0..<count).map { _ in source.subscribe(next: { _ in }) }
        let elapsed = measureThreadTime {
            for inner in inners { inner.sendCompleted() }
            for subscription in subscriptions { subscription.dispose() }
        }
        outer.sendCompleted()
        #expect(recorder.isCompleted)
        return elapsed
    }

    @Test("merge ends inner signals, and a subject drops subscriptions, in order of start in linear time")
    func innerSignalsEndingInOrderOfStartAreLinear() {
        expectLinearTime(from: 5_000, of: "inner signals") { Self.endInOrderOfStart($0) }
    }

    // MARK: Releasing inner subscriptions

    @Test(
        "disposing the result disposes the outer signal and every running inner signal", arguments: strategies
    )
    func disposalReachesEveryInnerSignal(_ strategy: FlattenStrategy) {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let subscription = outer.signal.flatten(strategy).subscribe()
        for _ in 0..<3 { outer.sendNext(inner.signal) }
        let running = inner.subscriptions.value - inner.disposals.value
        #expect(running == Self.runningOfThree(strategy), "\(strategy)")
        subscription.dispose()
        #expect(outer.disposals.value == 1)
        #expect(inner.disposals.value == inner.subscriptions.value, "\(strategy)")
    }

    @Test("completion comes after every inner signal that ran, each of them disposed", arguments: strategies)
    func completionReleasesEveryInnerSignal(_ strategy: FlattenStrategy) {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let inner = ManualSource<Int, TestError>(label: "inner")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(strategy))
        for _ in 0..<3 { outer.sendNext(inner.signal) }
        outer.sendCompleted()
        #expect(!recorder.isTerminated, "\(strategy) completed before its inner signals")
        // Completing one inner signal may start a waiting one: complete until none is left.
        var completed = 0
        while completed < inner.allSubscribers.count {
            inner.allSubscribers[completed].sendCompleted()
            completed += 1
        }
        #expect(recorder.isCompleted, "\(strategy)")
        #expect(inner.disposals.value == inner.subscriptions.value, "\(strategy)")
        #expect(outer.disposals.value == 1)
    }

    @Test(
        "disposal releases the inner signals, running and waiting, and everything they capture",
        arguments: strategies)
    func disposalReleasesCapturedState(_ strategy: FlattenStrategy) {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        weak var weakToken: Token?
        var subscription: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            // A running inner subscription holds the token through its disposable.
            let inner = Inner.create { _ in ActionDisposable { token.touch() } }
            subscription = outer.signal.flatten(strategy).subscribe()
            for _ in 0..<3 { outer.sendNext(inner) }
        }
        #expect(weakToken != nil)
        subscription?.dispose()
        #expect(weakToken == nil, "\(strategy) kept an inner signal alive after disposal")
    }

    @Test("completion releases the inner signals and everything they capture", arguments: strategies)
    func completionReleasesCapturedState(_ strategy: FlattenStrategy) {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        weak var weakToken: Token?
        let recorder = EventRecorder<Int, TestError>()
        do {
            let token = Token()
            weakToken = token
            let inner = Inner.create { subscriber in
                subscriber.sendNext(1)
                subscriber.sendCompleted()
                return ActionDisposable { token.touch() }
            }
            recorder.subscribe(to: outer.signal.flatten(strategy))
            for _ in 0..<3 { outer.sendNext(inner) }
        }
        outer.sendCompleted()
        #expect(recorder.isCompleted, "\(strategy)")
        #expect(weakToken == nil, "\(strategy) kept an inner signal alive after completing")
    }

    // MARK: -flatten: (RAC's specification)

    @Test(
        "flatten(maxConcurrent:) subscribes to no more than the limit and starts the next when one completes")
    func flattenLimit() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let inners = (0..<3).map { ManualSource<Int, TestError>(label: "inner \($0)") }
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(maxConcurrent: 2))
        for inner in inners { outer.sendNext(inner.signal) }
        #expect(inners.map(\.subscriptions.value) == [1, 1, 0])
        inners[1].sendNext(1)
        inners[1].sendCompleted()
        #expect(inners[2].subscriptions.value == 1)
        inners[2].sendNext(2)
        inners[0].sendNext(0)
        outer.sendCompleted()
        inners[0].sendCompleted()
        #expect(!recorder.isTerminated, "completed while an inner signal runs")
        inners[2].sendCompleted()
        #expect(recorder.values == [1, 2, 0])
        #expect(recorder.isCompleted)
    }

    @Test("flatten(maxConcurrent: 0) stops the process with a message naming the operator and the fix")
    func zeroLimitIsRejected() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Signal<Int, Never>, Never>.empty.flatten(maxConcurrent: 0)
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("flatten(maxConcurrent:): the limit must be at least 1, got 0"))
        #expect(output.contains("use .merge"))
    }

    @Test("flatten(maxConcurrent:) fails with any inner signal's failure and drops the waiting ones")
    func flattenLimitFailure() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let first = ManualSource<Int, TestError>(label: "first")
        let waiting = ManualSource<Int, TestError>(label: "waiting")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(maxConcurrent: 1))
        outer.sendNext(first.signal)
        outer.sendNext(waiting.signal)
        first.sendError(.boom)
        #expect(recorder.failure == .boom)
        #expect(outer.disposals.value == 1)
        #expect(waiting.subscriptions.value == 0)
    }

    @Test(
        "concat() of synchronous inner signals completes, disposes and does not crash when disposed in completion"
    )
    func concatDisposesAfterLastSynchronousInner() {
        let disposals = Counter()
        let inners = (0..<3).map { index in
            Inner.create { subscriber in
                subscriber.sendNext(index)
                subscriber.sendCompleted()
                return ActionDisposable { disposals.increment() }
            }
        }
        let values = Locked<[Int]>([])
        let box = Locked<(any Disposable)?>(nil)
        let subscription = Signal<Inner, TestError>.from(inners).concat().subscribe(
            next: { values.append($0) },
            completed: { box.value?.dispose() })
        box.value = subscription
        #expect(values.value == [0, 1, 2])
        #expect(disposals.value == 3)
        #expect(subscription.isDisposed)
    }

    // MARK: -switchToLatest (RAC's specification)

    @Test("switchToLatest sends the values of the most recent inner signal")
    func switchSendsLatestValues() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let first = ManualSource<Int, TestError>(label: "first")
        let second = ManualSource<Int, TestError>(label: "second")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest())
        outer.sendNext(first.signal)
        first.sendNext(1)
        outer.sendNext(second.signal)
        #expect(first.disposals.value == 1, "the replaced inner signal is disposed")
        first.sendNext(99)
        first.sendError(.boom)
        second.sendNext(2)
        #expect(recorder.values == [1, 2])
        #expect(!recorder.isTerminated, "a replaced inner signal's failure ended the result")
        recorder.dispose()
    }

    @Test("switchToLatest fails with the latest inner signal's failure")
    func switchSendsLatestFailure() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest())
        outer.sendNext(.error(.boom))
        #expect(recorder.failure == .boom)
        #expect(outer.disposals.value == 1)
    }

    @Test("switchToLatest does not complete when only the outer signal completes")
    func switchWaitsForTheLatestInner() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest())
        outer.sendNext(.never)
        outer.sendCompleted()
        #expect(!recorder.isTerminated)
        recorder.dispose()
    }

    @Test("switchToLatest completes when the outer and the latest inner signal have completed")
    func switchCompletes() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest())
        outer.sendNext(.empty)
        #expect(!recorder.isTerminated)
        outer.sendCompleted()
        #expect(recorder.isCompleted)
    }

    @Test("switchToLatest is cold: each subscription subscribes to the outer signal again")
    func switchIsCold() {
        let subscriptions = Counter()
        let outer = Signal<Inner, TestError>.create { subscriber in
            subscriptions.increment()
            subscriber.sendNext(.empty)
            return nil
        }
        let switched = outer.switchToLatest()
        let first = switched.subscribe()
        #expect(subscriptions.value == 1)
        let second = switched.subscribe()
        #expect(subscriptions.value == 2)
        first.dispose()
        second.dispose()
    }

    @Test(
        "switchToLatest subscribes the new inner signal, delivering its synchronous values, before it disposes the one before (RAC's order)"
    )
    func switchSubscribesBeforeDisposing() {
        let log = Locked<[String]>([])
        func inner(_ name: String, values: [Int]) -> Signal<Int, TestError> {
            Signal.create { subscriber in
                log.append("subscribe \(name)")
                for value in values { subscriber.sendNext(value) }
                return ActionDisposable { log.append("dispose \(name)") }
            }
        }
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest().on(next: { log.append("value \($0)") }))
        outer.sendNext(inner("a", values: [1]))
        outer.sendNext(inner("b", values: [2, 3]))
        #expect(log.value == ["subscribe a", "value 1", "subscribe b", "value 2", "value 3", "dispose a"])
        #expect(recorder.values == [1, 2, 3])
        recorder.dispose()
    }

    @Test(
        "switchToLatest hands a reference-counted connection from one inner signal to the next without reconnecting"
    )
    func switchHandsOverSharedConnection() {
        let connections = Counter()
        let shared = Signal<Int, TestError>.create { _ in
            connections.increment()
            return nil
        }
        .publish().autoconnect()
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let subscription = outer.signal.switchToLatest().subscribe()
        outer.sendNext(shared)
        outer.sendNext(shared.map { $0 * 2 })
        #expect(connections.value == 1)
        subscription.dispose()
    }

    @Test("switchToLatest drops what the replaced inner signal sends while the new one subscribes")
    func switchDropsTheReplacedDuringSubscription() {
        let first = ManualSource<Int, TestError>(label: "first")
        let second = Signal<Int, TestError>.create { subscriber in
            first.sendNext(99)
            first.sendCompleted()
            subscriber.sendNext(2)
            return nil
        }
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.switchToLatest())
        outer.sendNext(first.signal)
        first.sendNext(1)
        outer.sendNext(second)
        outer.sendCompleted()
        #expect(recorder.values == [1, 2])
        #expect(!recorder.isTerminated, "the replaced inner signal's completion counted")
        recorder.dispose()
    }

    @Test(
        "switchToLatest keeps the inner signal that arrived re-entrantly, during the subscription of the one before"
    )
    func switchReentrantArrival() {
        let outer = Subject<Inner, TestError>()
        let disposedB = Flag()
        let latestC = ManualSource<Int, TestError>(label: "c")
        let b = Signal<Int, TestError>.create { subscriber in
            subscriber.sendNext(2)
            return ActionDisposable { disposedB.set() }
        }
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(
            to: outer.signal.switchToLatest().on(next: { value in
                if value == 2 { outer.sendNext(latestC.signal) }
            }))
        outer.sendNext(b)
        #expect(disposedB.isSet)
        latestC.sendNext(3)
        #expect(recorder.values == [2, 3])
        #expect(!latestC.isDisposed)
        recorder.dispose()
    }

    // MARK: race and exhaust

    @Test("race: the first inner signal to send wins; the others are disposed and later ones ignored")
    func raceWinner() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let first = ManualSource<Int, TestError>(label: "first")
        let second = ManualSource<Int, TestError>(label: "second")
        let late = ManualSource<Int, TestError>(label: "late")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(.race))
        outer.sendNext(first.signal)
        outer.sendNext(second.signal)
        second.sendNext(2)
        #expect(first.disposals.value == 1)
        outer.sendNext(late.signal)
        #expect(late.subscriptions.value == 0)
        second.sendNext(3)
        outer.sendCompleted()
        second.sendCompleted()
        #expect(recorder.values == [2, 3])
        #expect(recorder.isCompleted)
    }

    @Test("race: an outer signal that completes before any inner signal completes the result")
    func raceWithoutRacers() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(.race))
        outer.sendCompleted()
        #expect(recorder.isCompleted)
    }

    @Test("exhaust: an inner signal arriving while one runs is never subscribed")
    func exhaustIgnores() {
        let outer = ManualSource<Inner, TestError>(label: "outer")
        let running = ManualSource<Int, TestError>(label: "running")
        let ignored = ManualSource<Int, TestError>(label: "ignored")
        let later = ManualSource<Int, TestError>(label: "later")
        let recorder = EventRecorder<Int, TestError>()
        recorder.subscribe(to: outer.signal.flatten(.exhaust))
        outer.sendNext(running.signal)
        outer.sendNext(ignored.signal)
        running.sendNext(1)
        running.sendCompleted()
        outer.sendNext(later.signal)
        later.sendNext(2)
        #expect(ignored.subscriptions.value == 0)
        #expect(later.subscriptions.value == 1)
        #expect(recorder.values == [1, 2])
        recorder.dispose()
    }

    // MARK: switch, if and then

    @Test("switch matches an optional key's nil like any other key, and falls back to the default")
    func switchOptionalKeys() {
        let scheduler = TestScheduler()
        let keys = scheduler.createColdSignal(
            "-a-n-z|", values: ["a": "a", "n": nil, "z": "z"] as [Character: String?])
        let recorder = scheduler.start {
            Signal<String, Never>.switch(
                keys.signal, cases: ["a": .just("A"), nil: .just("N")], default: .just("D"))
        }
        expectMarbles(recorder, "-A-N-D|")
    }

    @Test("if follows the latest condition and waits for the chosen signal to complete")
    func ifFollowsTheCondition() {
        let scheduler = TestScheduler()
        let condition = scheduler.createColdSignal("-t--f|", values: ["t": true, "f": false])
        let yes = scheduler.createColdSignal("-y-y-y|")
        let no = scheduler.createColdSignal("-n--|")
        let recorder = scheduler.start { Signal.if(condition.signal, then: yes.signal, else: no.signal) }
        expectMarbles(recorder, "--y--n--|")
        expectSubscriptions(yes, ["-^--!"])
        expectSubscriptions(no, ["----^---!"])
    }

    @Test("then makes the next signal on each subscription, only after completion, and never after a failure")
    func thenDefersTheNextSignal() {
        let made = Counter()
        let next: @Sendable () -> Signal<String, TestError> = {
            made.increment()
            return .just("next")
        }
        let completing = Signal<Int, TestError>.from([1, 2]).then(next)
        #expect(made.value == 0)
        let recorder = completing.record()
        #expect(recorder.values == ["next"])
        #expect(recorder.isCompleted)
        _ = completing.record()
        #expect(made.value == 2)
        let failing = Signal<Int, TestError>.error(.boom).then(next).record()
        #expect(failing.failure == .boom)
        #expect(made.value == 2)
    }
}
