import Synchronization

/// The untyped shape of a concatenation tree: each link holds its child links, so that a deep
/// tree can be torn down iteratively without generic code (see `deinit`).
///
/// @unchecked Sendable: the only mutable state, the two child links, is held in atomics (read
/// with acquiring, cleared with releasing ordering); the class is not final because
/// ``ConcatNode`` adds the typed leaves.
@usableFromInline
class ConcatLink: @unchecked Sendable {
    /// Each link owns one retain of each child link, given back when a dying parent takes it.
    @usableFromInline let firstLink: Atomic<Unmanaged<ConcatLink>?>
    @usableFromInline let secondLink: Atomic<Unmanaged<ConcatLink>?>

    @inlinable
    init(first: ConcatLink?, second: ConcatLink?) {
        firstLink = Atomic(first.map { Unmanaged.passRetained($0) })
        secondLink = Atomic(second.map { Unmanaged.passRetained($0) })
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

    /// Moves the child links into `doomed`. Only called on a link nobody else can reach: one
    /// that is being deinitialized, or held only by the worklist.
    private func takeChildLinks(into doomed: inout [ConcatLink]) {
        if let first = firstLink.load(ordering: .acquiring) {
            firstLink.store(nil, ordering: .releasing)
            doomed.append(first.takeRetainedValue())
        }
        if let second = secondLink.load(ordering: .acquiring) {
            secondLink.store(nil, ordering: .releasing)
            doomed.append(second.takeRetainedValue())
        }
    }
}

/// One `a.concat(b)`: a node of a binary tree whose leaves, read left to right, are the
/// signals to run one after another.
///
/// Concatenation only builds this tree; ``ConcatRun`` walks it with an explicit stack, so a chain
/// of a million links costs no stack depth to subscribe, whatever its shape. A side that is itself
/// a concatenation is held as a child link (with its name, if it has one); any other side is held
/// as a typed leaf.
///
/// `Leaf` is always `Signal<Value, Failure>`. Being generic over the leaf type itself, rather
/// than over `Value` and `Failure`, keeps the leaves' types among the class's own generic
/// arguments, so destroying a node needs no runtime lookup of generic metadata.
// @unchecked Sendable, restated from ConcatLink: this subclass adds only `let` leaves and names,
// which are Sendable.
@usableFromInline
final class ConcatNode<Leaf: Sendable>: ConcatLink, @unchecked Sendable {
    /// The sides that are not concatenations; a side held as a link has `empty` here.
    @usableFromInline let firstLeaf: Leaf
    @usableFromInline let secondLeaf: Leaf
    /// The names of sides held as links.
    @usableFromInline let firstLinkName: SignalName?
    @usableFromInline let secondLinkName: SignalName?

    @inlinable
    init(
        first: (leaf: Leaf, link: ConcatNode?, name: SignalName?),
        second: (leaf: Leaf, link: ConcatNode?, name: SignalName?)
    ) {
        firstLeaf = first.leaf
        secondLeaf = second.leaf
        firstLinkName = first.name
        secondLinkName = second.name
        super.init(first: first.link, second: second.link)
    }
}

extension ConcatNode {
    @inlinable
    convenience init<Value, Failure>(_ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>)
    where Leaf == Signal<Value, Failure> {
        self.init(first: Self.side(first), second: Self.side(second))
    }

    @inlinable
    static func side<Value, Failure>(_ signal: Signal<Value, Failure>) -> (
        leaf: Leaf, link: ConcatNode?, name: SignalName?
    ) where Leaf == Signal<Value, Failure> {
        guard case .concat(let node) = signal.source else { return (signal, nil, nil) }
        return (Signal(source: .empty), node, signal.explicitName)
    }

    /// One side as a signal: its link, under the link's name, or else its leaf.
    @inlinable
    static func signal<Value, Failure>(
        leaf: Leaf, link: Unmanaged<ConcatLink>?, linkName: SignalName?
    ) -> Signal<Value, Failure> where Leaf == Signal<Value, Failure> {
        guard let link else { return leaf }
        return Signal(
            source: .concat(unsafeDowncast(link.takeUnretainedValue(), to: ConcatNode.self)), name: linkName)
    }

    func name<Value, Failure>(depth: Int) -> String where Leaf == Signal<Value, Failure> {
        let first = Self.signal(
            leaf: firstLeaf, link: firstLink.load(ordering: .acquiring), linkName: firstLinkName)
        let second = Self.signal(
            leaf: secondLeaf, link: secondLink.load(ordering: .acquiring), linkName: secondLinkName)
        return "[\(first.name(depth: depth - 1))] -concat: \(second.name(depth: depth - 1))"
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
