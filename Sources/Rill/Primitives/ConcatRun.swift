import Synchronization

/// One subscription to a concatenation: runs the leaves of a ``ConcatNode`` tree in order.
///
/// Stack safety comes from a trampoline. `pendingTurns` counts reasons to advance: the starter
/// holds one, and each completed part adds one. Whoever raises it from zero owns the loop. When
/// a part completes synchronously, inside its own `subscribe`, the loop owner just goes round
/// again instead of recursing; when it completes later, on any thread, the completing thread
/// takes the loop over.
@usableFromInline
final class ConcatRun<Value: Sendable, Failure: Error> {
    @usableFromInline let downstream: Observer<Value, Failure>
    @usableFromInline let lifetime: CompositeDisposable
    @usableFromInline let pendingTurns = Atomic<Int>(1)
    /// Signals still to run, next on top. Only touched by the loop owner.
    @usableFromInline var pending: [Signal<Value, Failure>]

    @inlinable
    init(
        _ node: ConcatNode<Value, Failure>, _ downstream: Observer<Value, Failure>,
        _ lifetime: CompositeDisposable
    ) {
        self.downstream = downstream
        self.lifetime = lifetime
        pending = [Signal(source: .concat(node))]
    }

    @inlinable
    static func start(
        _ node: ConcatNode<Value, Failure>, _ downstream: Observer<Value, Failure>,
        _ lifetime: CompositeDisposable
    ) {
        ConcatRun(node, downstream, lifetime).run()
    }

    /// The next signal on `stack` that is not itself a concatenation.
    @inlinable
    static func nextLeaf(_ stack: inout [Signal<Value, Failure>]) -> Signal<Value, Failure>? {
        while let signal = stack.popLast() {
            guard case .concat(let node) = signal.source else { return signal }
            let (first, second) = node.children
            if let second { stack.append(second) }
            if let first { stack.append(first) }
        }
        return nil
    }

    @inlinable
    func run() {
        // The loop works on a local stack and hands it back to `pending` only while a part runs,
        // so the class property is touched twice per subscribed part, not on every step.
        var stack: [Signal<Value, Failure>] = []
        repeat {
            swap(&stack, &pending)
            while true {
                guard !lifetime.isDisposed else { return }
                guard let part = Self.nextLeaf(&stack) else {
                    downstream.sendCompleted()
                    return
                }
                // Constant parts need no subscription of their own.
                switch part.source {
                case .just(let value):
                    downstream.sendNext(value)
                    continue
                case .empty:
                    continue
                default:
                    break
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
