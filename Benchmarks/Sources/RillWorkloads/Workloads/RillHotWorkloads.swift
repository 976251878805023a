import Dispatch
import Rill

/// Rill on the hot workloads: values sent into subjects.
enum RillHotWorkloads {
    static let iterations: [String: @Sendable (Inputs) -> Int] = [
        "W7": fanOutToSubscribers, "W8": combineLatestOfSubjects, "W9": deliverOnQueue,
        "W10": latestFromSubject, "W11": replayWithCapacity, "W12": sharedChurn, "W12a": autoconnectChurn,
        "W12s": subjectChurn, "W22": mappedSubjectChurn, "W13": propertyBoundIntoObject,
        "W15": derivedProperty, "W16": subjectBoundIntoProperty, "W19": timeoutOfSubject,
        "W20": optionalsBoundIntoProperty, "W21": subjectBoundIntoSubject,
    ]

    static func fanOutToSubscribers(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = Subject<Int, Never>()
        let subscriptions = (0..<1_000).map { _ in subject.signal.subscribe(next: { sum.add($0) }) }
        for value in inputs.tenThousand.prefix(1_000) { subject.sendNext(value) }
        subject.sendCompleted()
        for subscription in subscriptions { subscription.dispose() }
        return sum.value
    }

    static func combineLatestOfSubjects(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subjects = (0..<4).map { _ in Subject<Int, Never>() }
        let subscription = Signal.combineLatest(
            subjects[0].signal, subjects[1].signal, subjects[2].signal, subjects[3].signal
        )
        .subscribe(next: { sum.add($0.0 + $0.1 + $0.2 + $0.3) })
        for value in inputs.million { subjects[value & 3].sendNext(value) }
        subscription.dispose()
        return sum.value
    }

    static func deliverOnQueue(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let done = DispatchSemaphore(value: 0)
        let subject = Subject<Int, Never>()
        let subscription = subject.signal.deliver(on: QueueScheduler())
            .subscribe(next: { sum.add($0) }, completed: { done.signal() })
        for value in inputs.million { subject.sendNext(value) }
        subject.sendCompleted()
        done.wait()
        subscription.dispose()
        return sum.value
    }

    static func latestFromSubject(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = Subject<Int, Never>()
        let subscription = subject.signal
            .flatMap(.latest) { outer in Signal<Int, Never>.from(outer * 10..<outer * 10 + 10) }
            .subscribe(next: { sum.add($0) })
        for value in inputs.hundredThousand { subject.sendNext(value) }
        subject.sendCompleted()
        subscription.dispose()
        return sum.value
    }

    static func replayWithCapacity(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = ReplaySubject<Int, Never>(capacity: 100)
        let subscription = subject.signal.subscribe(next: { sum.add($0) })
        for value in inputs.million { subject.sendNext(value) }
        subject.sendCompleted()
        subscription.dispose()
        return sum.value
    }

    static func sharedChurn(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let shared = Signal<Int, Never>.just(1).concat(.never).replayLazily()
        for _ in inputs.hundredThousand { shared.subscribe(next: { sum.add($0) }).dispose() }
        return sum.value
    }

    static func autoconnectChurn(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let shared = Signal<Int, Never>.just(1).concat(.never).publish().autoconnect()
        for _ in inputs.hundredThousand { shared.subscribe(next: { sum.add($0) }).dispose() }
        return sum.value
    }

    static func subjectChurn(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = Subject<Int, Never>()
        for _ in inputs.hundredThousand { subject.signal.subscribe(next: { sum.add($0) }).dispose() }
        return sum.value
    }

    static func mappedSubjectChurn(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = Subject<Int, Never>()
        for _ in inputs.hundredThousand {
            subject.signal.map { $0 + 1 }.subscribe(next: { sum.add($0) }).dispose()
        }
        return sum.value
    }

    /// The binding writes `latest` through a key path, as `bind(to: screen, \.title)` does in an
    /// app; the setter sums what it is given, so that the iteration can be checked.
    final class BoundObject: Sendable {
        let sum = RillSum()
        var latest: Int {
            get { 0 }
            set { sum.add(newValue) }
        }
    }

    static func propertyBoundIntoObject(_ inputs: Inputs) -> Int {
        let object = BoundObject()
        let property = MutableProperty(0)
        let binding = property.signal.bind(to: object, \.latest)
        for value in inputs.million { property.value = value }
        binding.dispose()
        return object.sum.value
    }

    static func derivedProperty(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let property = MutableProperty(0)
        let doubled = property.map { $0 &* 2 }
        let subscription = doubled.signal.subscribe(next: { sum.add($0) })
        for value in inputs.million { property.value = value }
        subscription.dispose()
        return sum.value
    }

    static func subjectBoundIntoProperty(_ inputs: Inputs) -> Int {
        let property = MutableProperty(0)
        return subjectBound(into: property, observedThrough: property.signal, inputs)
    }

    /// A subject bound into `target`, whose `signal` one subscriber sums; 1M values (W16, W21).
    static func subjectBound<Target: BindingTargetProvider<Int>>(
        into target: Target, observedThrough signal: Signal<Int, Never>, _ inputs: Inputs
    ) -> Int {
        let sum = RillSum()
        let subject = Subject<Int, Never>()
        let subscription = signal.subscribe(next: { sum.add($0) })
        let binding = target <~ subject.signal
        for value in inputs.million { subject.sendNext(value) }
        binding.dispose()
        subscription.dispose()
        return sum.value
    }

    struct TimedOut: Error {}

    static func timeoutOfSubject(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = Subject<Int, Never>()
        let subscription = subject.signal.timeout(1_000_000, on: QueueScheduler(), failure: TimedOut())
            .subscribe(next: { sum.add($0) })
        for value in inputs.million { subject.sendNext(value) }
        subscription.dispose()
        return sum.value
    }

    static func optionalsBoundIntoProperty(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let subject = Subject<Int?, Never>()
        let property = MutableProperty(0)
        let subscription = property.signal.subscribe(next: { sum.add($0) })
        let binding = subject.signal.bind(to: property, nilValue: 0)
        for value in inputs.million { subject.sendNext(value & 1 == 0 ? value : nil) }
        binding.dispose()
        subscription.dispose()
        return sum.value
    }

    static func subjectBoundIntoSubject(_ inputs: Inputs) -> Int {
        let target = BehaviorSubject<Int, Never>(0)
        return subjectBound(into: target, observedThrough: target.signal, inputs)
    }
}
