import Synchronization

/// A bag of disposables that are disposed together.
///
/// Every subscription owns one composite disposable, its *lifetime*: operators add the resources
/// they hold to it and check ``isDisposed`` to stop work early. ``child()`` makes a nested lifetime
/// for a part of the subscription (an inner signal of `bind`, one part of `concat`) that can end on
/// its own and removes itself from its parent when it does, so a long-lived subscription does not
/// accumulate finished parts.
///
/// Anything added after disposal is disposed at once.
public final class CompositeDisposable: Disposable {
    /// The entries in the order they were added. Most lifetimes hold none or one, so the first
    /// entry has a slot of its own and the array is only allocated for a second.
    ///
    /// A removed entry leaves a `nil` behind until the array is compacted, once its `nil`s
    /// outnumber its entries, so that what a long-lived subscription holds stays proportional to
    /// its live parts. A part that is a lifetime itself (a ``child()``, or a subject's
    /// subscription to a signal that feeds it) knows its slot, so parts that end in any order are
    /// removed without a search; any other entry is searched for from both ends at once, as
    /// entries usually go in the reverse order of their addition (a synchronous inner signal)
    /// or in the same order (requests that take as long as each other).
    private struct Entries {
        var first: (any Disposable)?
        /// Every slot before `head` is `nil`; so is no slot at the end.
        var rest: [(any Disposable)?] = []
        var head = 0
        /// How many slots from `head` on are `nil`.
        var holes = 0

        /// Adds `disposable`; returns its slot, `-1` for `first`.
        mutating func append(_ disposable: consuming any Disposable) -> Int {
            if first == nil && rest.isEmpty {
                first = disposable
                return -1
            }
            rest.append(disposable)
            return rest.count - 1
        }

        /// Removes `disposable`, looked for at `slot` first if given. The lifetimes among the
        /// entries learn their new slots when the array is compacted.
        mutating func remove(_ disposable: any Disposable, at slot: Int?) {
            if let slot {
                if slot == -1, first === disposable {
                    first = nil
                    return
                }
                if slot >= head, slot < rest.count, rest[slot] === disposable {
                    return clear(at: slot)
                }
            }
            var low = head
            var high = rest.count - 1
            while low <= high {
                if rest[high] === disposable { return clear(at: high) }
                if rest[low] === disposable { return clear(at: low) }
                low += 1
                high -= 1
            }
            if first === disposable { first = nil }
        }

        private mutating func clear(at index: Int) {
            rest[index] = nil
            holes += 1
            while let last = rest.last, last == nil {
                rest.removeLast()
                holes -= 1
            }
            while head < rest.count, rest[head] == nil {
                head += 1
                holes -= 1
            }
            if rest.isEmpty {
                head = 0
            } else if head + holes > rest.count - head - holes {
                var compacted: [(any Disposable)?] = []
                compacted.reserveCapacity(rest.count - head - holes)
                for case let entry? in rest[head...] {
                    // A lifetime held by two composites may be told the other's slot; its
                    // removal then checks the slot, misses and searches.
                    if let part = entry as? CompositeDisposable {
                        part.slot.store(compacted.count, ordering: .relaxed)
                    }
                    compacted.append(entry)
                }
                rest = compacted
                head = 0
                holes = 0
            }
        }

        /// The entries in the order they were added.
        var live: ArraySlice<(any Disposable)?> { rest[head...] }
    }

    /// The bits of ``flags``.
    @usableFromInline
    enum Flag {
        @inlinable static var disposed: Int { 1 }
        /// Set, under the lock, before the first entry is added: without it, disposal needs no lock.
        @inlinable static var hasEntries: Int { 2 }
    }

    private let entries = Lock(Entries())
    @usableFromInline let flags = Atomic<Int>(0)
    private let parent: CompositeDisposable?
    /// Where this lifetime is among the entries of the composite that holds it (its parent's, or
    /// another's that added it with `addRemovable(_:)`); written and read under that composite's
    /// lock.
    private let slot = Atomic<Int>(-1)

    /// Creates an empty composite disposable.
    public convenience init() {
        self.init(parent: nil)
    }

    /// Creates a composite disposable holding `disposables`.
    public convenience init(_ disposables: [any Disposable]) {
        self.init(parent: nil)
        for disposable in disposables { add(disposable) }
    }

    private init(parent: CompositeDisposable?) {
        self.parent = parent
    }

    @inlinable
    public var isDisposed: Bool { flags.load(ordering: .acquiring) & Flag.disposed != 0 }

    /// Adds `disposable`, or disposes it at once if this composite is already disposed.
    public func add(_ disposable: consuming (any Disposable)?) {
        var pending = disposable
        guard pending != nil else { return }
        insert(&pending, slotting: nil)
    }

    /// Adds `part`, which removes itself from this composite when it is disposed on its own, so
    /// that finished parts do not accumulate, at the same cost in whatever order they finish.
    func addRemovable(_ part: CompositeDisposable) {
        var pending: (any Disposable)? = part
        insert(&pending, slotting: part)
        part.add { [weak self, weak part] in
            if let self, let part { self.remove(slotted: part) }
        }
    }

    /// Adds `pending`, which must not be `nil`; if it is `part`, a lifetime, tells it where it
    /// is, so that `remove(slotted:)` finds it without a search. The entry is moved out of
    /// `pending` into the entries, not copied: a copy is a retain and a release per entry.
    private func insert(_ pending: inout (any Disposable)?, slotting part: CompositeDisposable?) {
        let accepted = entries.withLock { entries in
            // Announcing the entry and reading the disposed bit in one step orders this add
            // against `dispose`: either it sees `hasEntries` and waits for this lock, or this
            // add sees `disposed` and refuses.
            let before = flags.bitwiseOr(Flag.hasEntries, ordering: .acquiringAndReleasing).oldValue
            guard before & Flag.disposed == 0 else { return false }
            let index = entries.append(pending.take().unsafelyUnwrapped)
            part?.slot.store(index, ordering: .relaxed)
            return true
        }
        if !accepted { pending?.dispose() }
    }

    /// Adds an action to run on disposal, or runs it at once if already disposed.
    public func add(_ action: @escaping @Sendable () -> Void) {
        add(ActionDisposable(action))
    }

    /// Removes `disposable` without disposing it.
    public func remove(_ disposable: any Disposable) {
        entries.withLock { $0.remove(disposable, at: nil) }
    }

    /// Removes `part`, added with its slot noted, without disposing it.
    private func remove(slotted part: CompositeDisposable) {
        entries.withLock { $0.remove(part, at: part.slot.load(ordering: .relaxed)) }
    }

    /// A nested lifetime: disposed with this one, and removed from it when disposed on its own,
    /// at the same cost however many siblings it has and in whatever order they end.
    public func child() -> CompositeDisposable {
        let child = CompositeDisposable(parent: self)
        var pending: (any Disposable)? = child
        insert(&pending, slotting: child)
        return child
    }

    public func dispose() {
        // A second disposal, common when a terminal event has already disposed the lifetime,
        // costs one load.
        guard flags.load(ordering: .acquiring) & Flag.disposed == 0 else { return }
        let before = flags.bitwiseOr(Flag.disposed, ordering: .acquiringAndReleasing).oldValue
        guard before & Flag.disposed == 0 else { return }
        if before & Flag.hasEntries != 0 {
            let taken = entries.withLock { entries in
                defer { entries = Entries() }
                return entries
            }
            ThreadState.withCurrent { $0.dispose(taken.first, taken.live) }
        }
        parent?.remove(slotted: self)
    }
}
