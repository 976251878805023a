/// The floor for a type-erased, closure-per-stage design: one escaping closure per operator stage,
/// each capturing the next, with no subscription, disposal or locking.
enum PlainClosures {
    static let library = Library(
        name: "plain-closures",
        iterations: ["W0": sinkOnly, "W1": pipeline, "W2": deepChain, "W13": weakSetterCall])

    @inline(never)
    static func drive(_ values: [Int], into push: (Int) -> Bool) {
        for value in values where !push(value) { return }
    }

    static func sinkOnly(_ inputs: Inputs) -> Int {
        var sum = 0
        let sink: (Int) -> Bool = { value in
            sum += value
            return true
        }
        drive(inputs.million, into: sink)
        return sum
    }

    static func pipeline(_ inputs: Inputs) -> Int {
        var sum = 0
        var accumulator = 0
        var taken = 0
        let sink: (Int) -> Bool = { value in
            sum += value
            return true
        }
        let take: (Int) -> Bool = { value in
            taken += 1
            _ = sink(value)
            return taken < Workloads.w1Take
        }
        let scan: (Int) -> Bool = { value in
            accumulator += value
            return take(accumulator)
        }
        let filter: (Int) -> Bool = { value in value % 2 == 0 ? scan(value) : true }
        let map: (Int) -> Bool = { value in filter(value * 2) }
        drive(inputs.million, into: map)
        return sum
    }

    static func deepChain(_ inputs: Inputs) -> Int {
        var sum = 0
        var stage: (Int) -> Bool = { value in
            sum += value
            return true
        }
        for _ in 0..<100 {
            let next = stage
            stage = { value in next(value + 1) }
        }
        drive(inputs.hundredThousand, into: stage)
        return sum
    }

    /// What an object held weakly costs per update: a binding must not keep its object alive, so
    /// each update loads the weak reference, calls the setter, and releases the object. W13's
    /// floor: the same object and setter, called directly (as the optimizer makes of a literal
    /// key path), without a property, a broadcast or a subscription.
    static func weakSetterCall(_ inputs: Inputs) -> Int {
        struct WeakTarget {
            weak var object: RillHotWorkloads.BoundObject?
        }
        let object = RillHotWorkloads.BoundObject()
        let target = WeakTarget(object: object)
        let write: (Int) -> Bool = { value in
            guard let object = target.object else { return false }
            object.latest = value
            return true
        }
        drive(inputs.million, into: write)
        return withExtendedLifetime(object) { object.sum.value }
    }
}
