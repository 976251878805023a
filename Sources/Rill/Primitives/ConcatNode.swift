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
        // Every link but the first to die reaches here childless, emptied by the worklist.
        guard
            firstLink.load(ordering: .acquiring) != nil || secondLink.load(ordering: .acquiring) != nil
        else { return }
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

/// The names of a node's sides that are held as named links: rare, so kept out of line.
@usableFromInline
final class ConcatLinkNames: Sendable {
    @usableFromInline let first: SignalName?
    @usableFromInline let second: SignalName?

    @inlinable
    init(first: SignalName?, second: SignalName?) {
        self.first = first
        self.second = second
    }

    /// The names, or `nil` when neither side is a named link. Not a failable initializer, which
    /// would allocate before it fails.
    @inlinable
    static func of(first: SignalName?, second: SignalName?) -> ConcatLinkNames? {
        guard first != nil || second != nil else { return nil }
        return ConcatLinkNames(first: first, second: second)
    }
}

/// One `a.concat(b)`: a node of a binary tree whose leaves, read left to right, are the
/// signals to run one after another.
///
/// Concatenation only builds this tree; ``ConcatRun`` walks it with an explicit stack, so a chain
/// of a million links costs no stack depth to subscribe, whatever its shape. A side that is itself
/// a concatenation is held as a child link (with its name, if it has one); any other side is the
/// node's one typed leaf. The sides of a node are read from which links it has:
///
/// - first link and second link: the leaf is unused (`empty`);
/// - first link only: the second side is the leaf;
/// - second link only: the first side is the leaf;
/// - no link: the node holds the leaf alone, with no second side. `a.concat(b)` of two signals
///   that are not concatenations keeps `b` in such a node, linked as its second side.
///
/// One leaf, rather than one per side, keeps a node small enough for the allocator's fastest
/// size classes; chains, the shape that matters, have one leaf per link anyway.
///
/// `Leaf` is always `Signal<Value, Failure>`. Being generic over the leaf type itself, rather
/// than over `Value` and `Failure`, keeps the leaf's type among the class's own generic
/// arguments, so destroying a node needs no run-time lookup of generic metadata.
// @unchecked Sendable, restated from ConcatLink: this subclass adds only `let` properties of
// Sendable types.
@usableFromInline
final class ConcatNode<Leaf: Sendable>: ConcatLink, @unchecked Sendable {
    @usableFromInline let leaf: Leaf
    @usableFromInline let linkNames: ConcatLinkNames?

    @inlinable
    init(leaf: Leaf, first: ConcatNode?, second: ConcatNode?, linkNames: ConcatLinkNames?) {
        self.leaf = leaf
        self.linkNames = linkNames
        super.init(first: first, second: second)
    }
}

extension ConcatNode {
    /// The node for `first.concat(second)`: a static function rather than an initializer, so
    /// that two plain signals can get a node that links a lone node for the second.
    @inlinable
    static func concatenating<Value, Failure>(
        _ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>
    ) -> ConcatNode where Leaf == Signal<Value, Failure> {
        let firstNode = node(of: first)
        let secondNode = node(of: second)
        let names = ConcatLinkNames.of(
            first: firstNode == nil ? nil : first.explicitName,
            second: secondNode == nil ? nil : second.explicitName)
        switch (firstNode, secondNode) {
        case (nil, nil):
            let lone = ConcatNode(leaf: second, first: nil, second: nil, linkNames: nil)
            return ConcatNode(leaf: first, first: nil, second: lone, linkNames: nil)
        case (nil, let secondNode?):
            return ConcatNode(leaf: first, first: nil, second: secondNode, linkNames: names)
        case (let firstNode?, nil):
            return ConcatNode(leaf: second, first: firstNode, second: nil, linkNames: names)
        case (let firstNode?, let secondNode?):
            return ConcatNode(
                leaf: Signal(source: .empty), first: firstNode, second: secondNode, linkNames: names)
        }
    }

    @inlinable
    static func node<Value, Failure>(of signal: Signal<Value, Failure>) -> ConcatNode?
    where Leaf == Signal<Value, Failure> {
        guard case .concat(let node) = signal.source else { return nil }
        return node
    }

    /// A side held as a link, as a signal: a lone leaf as itself, any other node as a
    /// concatenation under the link's name.
    func signal<Value, Failure>(ofLink link: Unmanaged<ConcatLink>, name: SignalName?) -> Signal<
        Value, Failure
    > where Leaf == Signal<Value, Failure> {
        let node = unsafeDowncast(link.takeUnretainedValue(), to: ConcatNode.self)
        if node.firstLink.load(ordering: .acquiring) == nil
            && node.secondLink.load(ordering: .acquiring) == nil
        {
            return node.leaf
        }
        return Signal(source: .concat(node), name: name)
    }

    func name<Value, Failure>(depth: Int) -> String where Leaf == Signal<Value, Failure> {
        let firstLink = firstLink.load(ordering: .acquiring)
        let secondLink = secondLink.load(ordering: .acquiring)
        let first = firstLink.map { signal(ofLink: $0, name: linkNames?.first) } ?? leaf
        let second = secondLink.map { signal(ofLink: $0, name: linkNames?.second) } ?? leaf
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
        Signal(source: .concat(.concatenating(self, next)))
    }
}
