import Dispatch
import OpenCombine
import OpenCombineDispatch

/// OpenCombine on the hot workloads it can express: it has no `combineLatest` and no replay
/// subject (W8, W11), and its `share()` reconnects, so it stands in for both W12 and W12a.
enum OpenCombineHot {
    static let iterations: [String: @Sendable (Inputs) -> Int] = [
        "W7": fanOutToSubscribers, "W9": deliverOnQueue, "W10": latestFromSubject, "W12": sharedChurn,
        "W12s": subjectChurn, "W22": mappedSubjectChurn, "W13": propertyBoundIntoObject,
        "W15": derivedProperty, "W16": subjectBoundIntoProperty,
        // A `CurrentValueSubject` is OpenCombine's behavior subject as well as its property.
        "W21": subjectBoundIntoProperty,
    ]

    static func fanOutToSubscribers(_ inputs: Inputs) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        let cancellables = (0..<1_000).map { _ in subject.sink { sum += $0 } }
        for value in inputs.tenThousand.prefix(1_000) { subject.send(value) }
        subject.send(completion: .finished)
        for cancellable in cancellables { cancellable.cancel() }
        return sum
    }

    static func deliverOnQueue(_ inputs: Inputs) -> Int {
        let sum = RillSum()
        let done = DispatchSemaphore(value: 0)
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.receive(on: DispatchQueue(label: "opencombine.W9").ocombine)
            .sink(receiveCompletion: { _ in done.signal() }, receiveValue: { sum.add($0) })
        for value in inputs.million { subject.send(value) }
        subject.send(completion: .finished)
        done.wait()
        cancellable.cancel()
        return sum.value
    }

    static func latestFromSubject(_ inputs: Inputs) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.map { outer in (outer * 10..<outer * 10 + 10).publisher }
            .switchToLatest()
            .sink { sum += $0 }
        for value in inputs.hundredThousand { subject.send(value) }
        subject.send(completion: .finished)
        cancellable.cancel()
        return sum
    }

    static func sharedChurn(_ inputs: Inputs) -> Int {
        var sum = 0
        let shared = Just(1).append(Empty(completeImmediately: false)).share()
        for _ in inputs.hundredThousand { shared.sink { sum += $0 }.cancel() }
        return sum
    }

    static func subjectChurn(_ inputs: Inputs) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        for _ in inputs.hundredThousand { subject.sink { sum += $0 }.cancel() }
        return sum
    }

    static func mappedSubjectChurn(_ inputs: Inputs) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        for _ in inputs.hundredThousand { subject.map { $0 + 1 }.sink { sum += $0 }.cancel() }
        return sum
    }

    /// As Rill's: a `CurrentValueSubject` assigned into an object's property through a key path.
    final class AssignedObject {
        var sum = 0
        var latest: Int {
            get { 0 }
            set { sum += newValue }
        }
    }

    static func propertyBoundIntoObject(_ inputs: Inputs) -> Int {
        let object = AssignedObject()
        let property = CurrentValueSubject<Int, Never>(0)
        let cancellable = property.assign(to: \.latest, on: object)
        for value in inputs.million { property.value = value }
        cancellable.cancel()
        return object.sum
    }

    /// As Rill's: OpenCombine has no property, so a `CurrentValueSubject` (which sends its
    /// current value on subscription, as a property's signal does) through `map`.
    static func derivedProperty(_ inputs: Inputs) -> Int {
        var sum = 0
        let property = CurrentValueSubject<Int, Never>(0)
        let cancellable = property.map { $0 &* 2 }.sink { sum &+= $0 }
        for value in inputs.million { property.value = value }
        cancellable.cancel()
        return sum
    }

    /// As Rill's: a `PassthroughSubject` subscribed by a `CurrentValueSubject`, Combine's way of
    /// feeding a subject from a publisher.
    static func subjectBoundIntoProperty(_ inputs: Inputs) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        let property = CurrentValueSubject<Int, Never>(0)
        let cancellable = property.sink { sum &+= $0 }
        let binding = subject.subscribe(property)
        for value in inputs.million { subject.send(value) }
        binding.cancel()
        cancellable.cancel()
        return sum
    }
}
