import Synchronization

/// One `a.concat(b)`: a node of a binary tree whose leaves, read left to right, are the
/// signals to run one after another.
///
/// Concatenation only builds this tree; ``ConcatRun`` walks it with an explicit stack, so a chain
/// of a million links costs no stack depth to subscribe, whatever its shape. Tearing a deep tree
/// down is made iterative too (see `deinit`).
@usableFromInline
final class ConcatNode<Value: Sendable, Failure: Error>: Sendable {
    /// `nil` only while the node is being dismantled by a parent's deinitializer.
    private let parts: Mutex<(first: Signal<Value, Failure>, second: Signal<Value, Failure>)?>

    @usableFromInline
    init(_ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>) {
        parts = Mutex((first, second))
    }

    var children: (first: Signal<Value, Failure>, second: Signal<Value, Failure>)? {
        parts.withLock { $0 }
    }

    func name(depth: Int) -> String {
        guard let (first, second) = children else { return "…" }
        return "[\(first.name(depth: depth - 1))] -concat: \(second.name(depth: depth - 1))"
    }

    deinit {
        // Releasing a left-nested chain would otherwise release its left child from inside this
        // deinit, and so on a million frames deep. Instead, move the children of every node that
        // is about to die into a worklist, so each dies with no children of its own.
        var doomed: [ConcatNode] = []
        func collect(_ signal: consuming Signal<Value, Failure>) {
            if case .concat(let node) = signal.source { doomed.append(node) }
        }
        if let (first, second) = parts.withLock({ $0.take() }) {
            collect(first)
            collect(second)
        }
        while var node = doomed.popLast() {
            guard isKnownUniquelyReferenced(&node) else { continue }
            if let (first, second) = node.parts.withLock({ $0.take() }) {
                collect(first)
                collect(second)
            }
        }
    }
}

extension Signal {
    /// Sends all events of this signal, then, once it completes, subscribes to `next` and sends
    /// its events (RAC `-concat:`).
    ///
    /// An error from either ends the result. Chains of any length and shape run in constant stack
    /// depth.
    @inlinable
    public func concat(_ next: Signal) -> Signal {
        Signal(source: .concat(ConcatNode(self, next)))
    }
}
