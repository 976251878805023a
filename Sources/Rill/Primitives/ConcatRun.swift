import Synchronization

/// What is left to run of one link of a concatenation tree: the whole link, or its second side.
@usableFromInline
struct ConcatStep {
    @usableFromInline let link: Unmanaged<ConcatLink>
    @usableFromInline let isSecondSideOnly: Bool

    @inlinable
    init(_ link: Unmanaged<ConcatLink>, isSecondSideOnly: Bool) {
        self.link = link
        self.isSecondSideOnly = isSecondSideOnly
    }
}

/// One subscription to a concatenation: runs the leaves of a ``ConcatNode`` tree in order.
///
/// Stack safety comes from a trampoline. `pendingTurns` counts reasons to advance: the starter
/// holds one, and each completed part adds one. Whoever raises it from zero owns the loop. When
/// a part completes synchronously, inside its own `subscribe`, the loop owner just goes round
/// again instead of recursing; when it completes later, on any thread, the completing thread
/// takes the loop over.
@usableFromInline
final class ConcatRun<Value: Sendable, Failure: Error> {
    @usableFromInline typealias Node = ConcatNode<Signal<Value, Failure>>

    @usableFromInline let downstream: Observer<Value, Failure>
    @usableFromInline let lifetime: CompositeDisposable
    @usableFromInline let pendingTurns = Atomic<Int>(1)
    /// Keeps the whole tree alive, so that the steps can refer to its links without retaining
    /// them: a link reachable from a live root is never taken apart.
    @usableFromInline let root: Node
    /// The links still to run, next on top. Only touched by the loop owner.
    @usableFromInline var pending: [ConcatStep]

    @inlinable
    init(_ root: Node, _ downstream: Observer<Value, Failure>, _ lifetime: CompositeDisposable) {
        self.downstream = downstream
        self.lifetime = lifetime
        self.root = root
        pending = [ConcatStep(Unmanaged.passUnretained(root), isSecondSideOnly: false)]
    }

    @inlinable
    static func start(_ root: Node, _ downstream: Observer<Value, Failure>, _ lifetime: CompositeDisposable) {
        ConcatRun(root, downstream, lifetime).run()
    }

    /// The node holding the next leaf of the tree, walking down first sides and leaving second
    /// sides on `stack` (see ``ConcatNode`` for how a node's links tell where its leaf is). The
    /// node rather than the leaf, so that a constant leaf is read in place instead of copied.
    @inlinable
    static func nextLeaf(_ stack: inout [ConcatStep]) -> Unmanaged<ConcatLink>? {
        while let step = stack.popLast() {
            var link = step.link
            var isSecondSideOnly = step.isSecondSideOnly
            while true {
                let firstLink = link._withUnsafeGuaranteedRef { $0.firstLink.load(ordering: .acquiring) }
                if isSecondSideOnly {
                    if let secondLink = link._withUnsafeGuaranteedRef({
                        $0.secondLink.load(ordering: .acquiring)
                    }) {
                        link = secondLink
                        isSecondSideOnly = false
                        continue
                    }
                    // With no link at all, the node is a lone leaf, already run as its first side.
                    guard firstLink != nil else { break }
                    return link
                }
                stack.append(ConcatStep(link, isSecondSideOnly: true))
                guard let firstLink else { return link }
                link = firstLink
            }
        }
        return nil
    }

    /// What the run does with a leaf: send its value in place, skip it, or subscribe to it.
    @usableFromInline
    enum LeafStep {
        case send(Value)
        case skip
        case subscribe(Signal<Value, Failure>)
    }

    @inlinable
    static func step(forLeafOf link: Unmanaged<ConcatLink>) -> LeafStep {
        link._withUnsafeGuaranteedRef { link in
            let leaf = unsafeDowncast(link, to: Node.self)
            switch leaf.leaf.source {
            case .just(let value): return .send(value)
            case .empty: return .skip
            default: return .subscribe(leaf.leaf)
            }
        }
    }

    @inlinable
    func run() {
        // The loop works on a local stack and hands it back to `pending` only while a part runs,
        // so the class property is touched twice per subscribed part, not on every step.
        var stack: [ConcatStep] = []
        repeat {
            swap(&stack, &pending)
            while true {
                guard !lifetime.isDisposed else { return }
                guard let leaf = Self.nextLeaf(&stack) else {
                    downstream.sendCompleted()
                    return
                }
                // Constant parts need no subscription of their own.
                let part: Signal<Value, Failure>
                switch Self.step(forLeafOf: leaf) {
                case .send(let value):
                    downstream.sendNext(value)
                    continue
                case .skip:
                    continue
                case .subscribe(let signal):
                    part = signal
                }
                swap(&stack, &pending)
                subscribe(to: part)
                break
            }
        } while pendingTurns.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    @inlinable
    func subscribe(to part: Signal<Value, Failure>) {
        let partLifetime = lifetime.child()
        part.subscribe(
            Observer { [downstream] event in
                switch event {
                case .next:
                    downstream.send(event)
                case .error:
                    downstream.send(event)
                case .completed:
                    partLifetime.dispose()
                    if self.pendingTurns.add(1, ordering: .acquiringAndReleasing).newValue == 1 {
                        self.run()
                    }
                }
            },
            in: partLifetime)
    }
}
