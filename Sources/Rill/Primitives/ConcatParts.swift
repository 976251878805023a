/// The signals of a concatenation, in the order they run, stored contiguously.
///
/// `a.concat(b)` appends `b` to `a`'s parts in place when the call holds the only reference to
/// them, as a chain built one link at a time does (`chain = chain.concat(next)`): a chain is then
/// a few buffers of up to 64 KiB each, with no allocation per link. When the parts are
/// shared (another copy of `a` exists, on this thread or any other), they are never written
/// again: the result is a new buffer holding `a` itself as its first part, nested. Only a unique
/// owner appends, so no signal can observe a change, and no part can refer back to the buffer
/// that holds it (it would have made the buffer shared), so there are no reference cycles.
///
/// A part that is itself a concatenation is run by ``ConcatRun`` with an explicit stack, and is
/// torn down by `deinit` with a worklist, so nesting of any depth costs no stack depth.
///
/// The class is not generic: the parts' type is known only to the code that creates the buffer,
/// which also supplies `dismantle`, the parts' destruction specialized for that type.
///
/// `ManagedBuffer` cannot be `Sendable`; signals hold the buffer through ``Reference``, which is.
@usableFromInline
final class ConcatParts: ManagedBuffer<ConcatParts.Header, UInt8> {
    /// The buffer, as a signal holds it.
    ///
    /// @unchecked Sendable: the header and the parts are mutated only while the buffer is
    /// uniquely referenced (the `isKnownUniquelyReferenced` check in `concat`, as in
    /// copy-on-write), so never while another thread can reach them; once shared, they are
    /// immutable.
    @usableFromInline
    struct Reference: @unchecked Sendable {
        @usableFromInline var buffer: ConcatParts

        @inlinable
        init(_ buffer: ConcatParts) {
            self.buffer = buffer
        }
    }

    /// Destroys `count` parts at `parts`, moving each part that is itself a concatenation's buffer
    /// into `doomed` instead of releasing it there.
    @usableFromInline
    typealias Dismantle =
        @Sendable (_ parts: UnsafeMutableRawPointer, _ count: Int, _ doomed: inout [ConcatParts]) ->
        Void

    @usableFromInline
    struct Header {
        @usableFromInline var count: Int
        @usableFromInline let capacity: Int
        /// The first part, aligned for the parts' type within the tail-allocated bytes.
        @usableFromInline let parts: UnsafeMutableRawPointer
        @usableFromInline let dismantle: Dismantle
        /// Whether only the last part sends values, the run dropping the others': the shape of a
        /// chain of `then`s, which the next `then` extends in place and `concat` never does.
        @usableFromInline var isThenChain = false

        @inlinable
        init(count: Int, capacity: Int, parts: UnsafeMutableRawPointer, dismantle: @escaping Dismantle) {
            self.count = count
            self.capacity = capacity
            self.parts = parts
            self.dismantle = dismantle
        }
    }

    deinit {
        // Destroying a part that is a concatenation would destroy its own parts from inside this
        // deinit, and so on as deep as the nesting goes. Instead, nested buffers are moved into
        // a worklist, and each one that nobody else holds is emptied there, so each dies empty.
        guard hasParts else { return }
        var doomed: [ConcatParts] = []
        takeParts(into: &doomed)
        while var parts = doomed.popLast() {
            guard isKnownUniquelyReferenced(&parts) else { continue }
            parts.takeParts(into: &doomed)
        }
    }

    /// Whether there are parts to take: a buffer emptied by the worklist dies without taking any.
    private var hasParts: Bool {
        withUnsafeMutablePointerToHeader { $0.pointee.count > 0 }
    }

    /// Destroys the parts, moving nested buffers into `doomed`. Only called on a buffer nobody
    /// else can reach: one being deinitialized, or held only by the worklist.
    private func takeParts(into doomed: inout [ConcatParts]) {
        let (parts, count, dismantle) = withUnsafeMutablePointerToHeader { header in
            let taken = (header.pointee.parts, header.pointee.count, header.pointee.dismantle)
            header.pointee.count = 0
            return taken
        }
        dismantle(parts, count, &doomed)
    }
}

extension ConcatParts {
    /// A new, empty buffer with room for `capacity` signals of type `Part`.
    @inlinable
    static func make<Value, Failure>(capacity: Int, of _: Signal<Value, Failure>.Type) -> ConcatParts {
        typealias Part = Signal<Value, Failure>
        let bytes = capacity * MemoryLayout<Part>.stride + MemoryLayout<Part>.alignment - 1
        let buffer = create(minimumCapacity: bytes) { buffer in
            let parts = buffer.withUnsafeMutablePointerToElements {
                UnsafeMutableRawPointer($0).alignedUp(for: Part.self)
            }
            return Header(count: 0, capacity: capacity, parts: parts) { parts, count, doomed in
                let typed = parts.assumingMemoryBound(to: Part.self)
                for index in 0..<count {
                    let part = (typed + index).move()
                    if case .concat(let nested) = part.source { doomed.append(nested.buffer) }
                }
            }
        }
        return unsafeDowncast(buffer, to: ConcatParts.self)
    }

    /// The buffer for `first.concat(second)` when `first`'s parts cannot be appended to.
    @inlinable
    static func pair<Value, Failure>(_ first: Signal<Value, Failure>, _ second: Signal<Value, Failure>)
        -> ConcatParts
    {
        let buffer = make(capacity: 2, of: Signal<Value, Failure>.self)
        buffer.withUnsafeMutablePointerToHeader { header in
            let parts = header.pointee.parts.assumingMemoryBound(to: Signal<Value, Failure>.self)
            parts.initialize(to: first)
            (parts + 1).initialize(to: second)
            header.pointee.count = 2
        }
        return buffer
    }

    /// The most parts a buffer grows to: 64 KiB of them, small enough for the allocator to reuse
    /// freed buffers instead of mapping fresh pages for each.
    @inlinable
    static func maximumCapacity<Value, Failure>(of _: Signal<Value, Failure>.Type) -> Int {
        max(4, 65_536 / MemoryLayout<Signal<Value, Failure>>.stride)
    }

    /// Appends `next`. Only called on a uniquely referenced buffer. A full buffer is not copied:
    /// it becomes the first part, nested, of a new buffer of up to twice its capacity, so a long
    /// chain is a left-nested chain of buffers.
    @inlinable
    func appending<Value, Failure>(_ next: Signal<Value, Failure>) -> ConcatParts {
        typealias Part = Signal<Value, Failure>
        let (parts, count, capacity) = withUnsafeMutablePointerToHeader { header in
            (
                header.pointee.parts.assumingMemoryBound(to: Part.self), header.pointee.count,
                header.pointee.capacity
            )
        }
        if count < capacity {
            (parts + count).initialize(to: next)
            withUnsafeMutablePointerToHeader { $0.pointee.count = count + 1 }
            return self
        }
        let grown = ConcatParts.make(
            capacity: min(2 * capacity, ConcatParts.maximumCapacity(of: Part.self)), of: Part.self)
        grown.withUnsafeMutablePointerToHeader { header in
            let grownParts = header.pointee.parts.assumingMemoryBound(to: Part.self)
            grownParts.initialize(to: Part(source: .concat(Reference(self))))
            (grownParts + 1).initialize(to: next)
            header.pointee.count = 2
        }
        return grown
    }

    /// The parts and their number, for reading. The buffer must outlive the pointer's use.
    @inlinable
    func parts<Value, Failure>(of _: Signal<Value, Failure>.Type) -> UnsafeBufferPointer<
        Signal<Value, Failure>
    > {
        withUnsafeMutablePointerToHeader { header in
            UnsafeBufferPointer(
                start: header.pointee.parts.assumingMemoryBound(to: Signal<Value, Failure>.self),
                count: header.pointee.count)
        }
    }

    /// RAC's name of the left-nested chain of `-concat:`s the parts stand for:
    /// `[[a] -concat: b] -concat: c`.
    func name<Value, Failure>(of _: Signal<Value, Failure>.Type, depth: Int) -> String {
        let parts = parts(of: Signal<Value, Failure>.self)
        func name(ofFirst count: Int, depth: Int) -> String {
            guard depth > 0 else { return "…" }
            guard count > 1 else { return parts[0].name(depth: depth) }
            return
                "[\(name(ofFirst: count - 1, depth: depth - 1))] -concat: \(parts[count - 1].name(depth: depth - 1))"
        }
        return name(ofFirst: parts.count, depth: depth)
    }
}

extension Signal {
    /// Sends all events of this signal, then, once it completes, subscribes to `next` and sends
    /// its events (RAC `-concat:`).
    ///
    /// An error from either ends the result. Chains of any length and shape run in constant stack
    /// depth. Building a chain one link at a time (`chain = chain.concat(next)`) appends to the
    /// chain's storage in place, without an allocation per link, as long as no other copy of
    /// `chain` is kept; copies are never changed.
    @inlinable
    public consuming func concat(_ next: Signal) -> Signal {
        // A named concatenation keeps its name by staying one part of the result, and a chain of
        // `then`s, whose last part alone sends values, by staying one part whose parts all may.
        guard explicitNameRenderer == nil, case .concat(var parts) = source, !parts.buffer.isThenChain else {
            return Signal(source: .concat(.init(.pair(self, next))))
        }
        _ = consume self
        guard isKnownUniquelyReferenced(&parts.buffer) else {
            return Signal(source: .concat(.init(.pair(Signal(source: .concat(parts)), next))))
        }
        return Signal(source: .concat(.init(parts.buffer.appending(next))))
    }
}

extension ConcatParts {
    /// Whether this buffer is a chain of `then`s (see ``Header/isThenChain``).
    @inlinable
    var isThenChain: Bool {
        get { withUnsafeMutablePointerToHeader { $0.pointee.isThenChain } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.isThenChain = newValue } }
    }

}
