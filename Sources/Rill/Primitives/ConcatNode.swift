import Synchronization

/// The untyped shape of a concatenation tree: each link holds its child links, so that a deep
/// tree can be torn down iteratively without generic code (see `deinit`).
///
/// @unchecked Sendable: the only mutable state, `childLinks`, is inside a `Lock`; the class is
/// not final because ``ConcatNode`` adds the typed leaves.
@usableFromInline
class ConcatLink: @unchecked Sendable {
    @usableFromInline let childLinks: Lock<(first: ConcatLink?, second: ConcatLink?)>

    @usableFromInline
    init(first: ConcatLink?, second: ConcatLink?) {
        childLinks = Lock((first, second))
    }

    deinit {
        // Releasing a left-nested chain would release its child from inside this deinit, that
        // child its own child, and so on a million frames deep. Instead, take the children of
        // every link that is about to die into a worklist, so that each dies childless. No
        // local may keep a child alive past this point, or the uniqueness check fails for it.
        var doomed: [ConcatLink] = []
        takeChildLinks(into: &doomed)
        while var link = doomed.popLast() {
            guard isKnownUniquelyReferenced(&link) else { continue }
            link.takeChildLinks(into: &doomed)
        }
    }

    private func takeChildLinks(into doomed: inout [ConcatLink]) {
        let (first, second) = childLinks.withLock { links in
            defer { links = (nil, nil) }
            return links
        }
        if let first { doomed.append(first) }
        if let second { doomed.append(second) }
    }
}

/// One `a.concat(b)`: a node of a binary tree whose leaves, read left to right, are the
/// signals to run one after another.
///
/// Concatenation only builds this tree; ``ConcatRun`` walks it with an explicit stack, so a chain
/// of a million links costs no stack depth to subscribe, whatever its shape. A side that is itself
/// a concatenation is held as a child link (with its name, if it has one); any other side is held
/// as a typed leaf.
// @unchecked Sendable, restated from ConcatLink: this subclass adds only `let` leaves, which are
// Sendable signals.
@usableFromInline
final class ConcatNode<Value: Sendable, Failure: Error>: ConcatLink, @unchecked Sendable {
    @usableFromInline let firstLeaf: Signal<Value, Failure>?
    @usableFromInline let secondLeaf: Signal<Value, Failure>?
    /// The names of sides held as links.
    @usableFromInline let firstLinkName: SignalName?
    @usableFromInline let secondLinkName: SignalName?

    @inlinable
    init(_ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>) {
        let firstNode = Self.node(of: first)
        let secondNode = Self.node(of: second)
        firstLeaf = firstNode == nil ? first : nil
        secondLeaf = secondNode == nil ? second : nil
        firstLinkName = firstNode == nil ? nil : first.explicitName
        secondLinkName = secondNode == nil ? nil : second.explicitName
        super.init(first: firstNode, second: secondNode)
    }

    @inlinable
    static func node(of signal: Signal<Value, Failure>) -> ConcatNode? {
        if case .concat(let node) = signal.source { return node }
        return nil
    }

    /// The two sides, or `nil` for a side already taken apart by a dying parent.
    @inlinable
    var children: (first: Signal<Value, Failure>?, second: Signal<Value, Failure>?) {
        let (firstLink, secondLink) = childLinks.withLock { $0 }
        return (
            firstLeaf
                ?? firstLink.map {
                    Signal(source: .concat(unsafeDowncast($0, to: ConcatNode.self)), name: firstLinkName)
                },
            secondLeaf
                ?? secondLink.map {
                    Signal(source: .concat(unsafeDowncast($0, to: ConcatNode.self)), name: secondLinkName)
                }
        )
    }

    func name(depth: Int) -> String {
        let (first, second) = children
        let firstName = first?.name(depth: depth - 1) ?? "…"
        let secondName = second?.name(depth: depth - 1) ?? "…"
        return "[\(firstName)] -concat: \(secondName)"
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
