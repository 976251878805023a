import Synchronization

/// The parts of one concatenation still to run: from `next` up to `end`, those before
/// `valuesFrom` with their values dropped.
@usableFromInline
struct ConcatFrame<Part> {
    @usableFromInline var next: UnsafePointer<Part>
    @usableFromInline let end: UnsafePointer<Part>
    @usableFromInline let valuesFrom: UnsafePointer<Part>

    /// The parts of `buffer`. Only the last part of a chain of `then`s sends values, and none of
    /// a concatenation whose values are dropped as a whole, being a part of a `then` chain itself.
    @inlinable
    init<Value, Failure>(_ buffer: ConcatParts, droppingAllValues: Bool)
    where Part == Signal<Value, Failure> {
        let parts = buffer.parts(of: Part.self)
        next = parts.baseAddress!
        end = next + parts.count
        if droppingAllValues {
            valuesFrom = end
        } else if buffer.isThenChain, parts.count > 0 {
            valuesFrom = end - 1
        } else {
            valuesFrom = next
        }
    }
}

/// One subscription to a concatenation: runs the parts of a ``ConcatParts`` buffer in order,
/// and the parts of each nested concatenation in their turn.
///
/// Stack safety comes from a trampoline. `pendingTurns` counts reasons to advance: the starter
/// holds one, and each completed part adds one. Whoever raises it from zero owns the loop. When
/// a part completes synchronously, inside its own `subscribe`, the loop owner just goes round
/// again instead of recursing; when it completes later, on any thread, the completing thread
/// takes the loop over. Nested concatenations are entered with an explicit stack of frames.
@usableFromInline
final class ConcatRun<Value: Sendable, Failure: Error> {
    @usableFromInline typealias Part = Signal<Value, Failure>

    @usableFromInline let downstream: Observer<Value, Failure>
    @usableFromInline let lifetime: CompositeDisposable
    @usableFromInline let pendingTurns = Atomic<Int>(1)
    /// Keeps every part alive and unchanged, so that the frames can point into the buffers. Each
    /// buffer reachable from the root is held by the run or by its enclosing buffer besides any
    /// signal that holds it, so no `concat` finds it uniquely referenced and writes to it.
    @usableFromInline let root: ConcatParts
    /// The parts of the innermost concatenation being run. Only touched by the loop owner.
    @usableFromInline var current: ConcatFrame<Part>
    /// The rest of each enclosing concatenation, innermost last. Only touched by the loop owner.
    @usableFromInline var enclosing: [ConcatFrame<Part>] = []

    @inlinable
    init(_ root: ConcatParts, _ downstream: Observer<Value, Failure>, _ lifetime: CompositeDisposable) {
        self.downstream = downstream
        self.lifetime = lifetime
        self.root = root
        current = ConcatFrame(root, droppingAllValues: false)
    }

    @inlinable
    static func start(
        _ root: ConcatParts, _ downstream: Observer<Value, Failure>, _ lifetime: CompositeDisposable
    ) {
        ConcatRun(root, downstream, lifetime).run()
    }

    @inlinable
    func run() {
        // The loop works on locals and hands them back to the class only while a part runs, so
        // the class properties are touched twice per subscribed part, not on every part.
        var enclosing: [ConcatFrame<Part>] = []
        repeat {
            swap(&enclosing, &self.enclosing)
            var current = self.current
            parts: while true {
                guard !lifetime.isDisposed else { return }
                guard current.next != current.end else {
                    guard let outer = enclosing.popLast() else {
                        downstream.sendCompleted()
                        return
                    }
                    current = outer
                    continue
                }
                let part = current.next
                let sendsValues = part >= current.valuesFrom
                current.next += 1
                // Constant parts need no subscription of their own.
                switch part.pointee.source {
                case .just(let value):
                    if sendsValues { downstream.sendNext(value) }
                case .empty:
                    break
                case .concat(let nested):
                    // A nested concatenation that ends the current one replaces it, so that a
                    // right-nested chain needs no frames.
                    if current.next != current.end { enclosing.append(current) }
                    current = ConcatFrame(nested.buffer, droppingAllValues: !sendsValues)
                default:
                    self.current = current
                    swap(&enclosing, &self.enclosing)
                    subscribe(to: part.pointee, sendingValues: sendsValues)
                    break parts
                }
            }
        } while pendingTurns.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    @inlinable
    func subscribe(to part: Signal<Value, Failure>, sendingValues: Bool) {
        let partLifetime = lifetime.child()
        part.subscribe(
            Observer(handlingInPlace: { [downstream] event in
                switch event {
                case .next:
                    if sendingValues { downstream.send(event) }
                case .error:
                    downstream.send(event)
                case .completed:
                    partLifetime.dispose()
                    if self.pendingTurns.add(1, ordering: .acquiringAndReleasing).newValue == 1 {
                        self.run()
                    }
                }
            }),
            in: partLifetime)
    }
}
