import Synchronization

/// A `Mutex` whose ordering ThreadSanitizer can see.
///
/// On Linux a contended `Synchronization.Mutex` hands ownership from one thread to the next
/// through the kernel, which ThreadSanitizer cannot observe, so it reports every contended access
/// to the protected state as a race. `handoff` restates the ordering the mutex already
/// guarantees: a releasing store before each unlock, read by an acquiring load after the next
/// lock. On x86 and ARM both are plain moves.
@usableFromInline
package struct Lock<State: ~Copyable>: ~Copyable, Sendable {
    // `handoff` comes first so that its offset does not depend on `State`: unspecialized code
    // (a debug build) then reaches it without looking up the metadata of `Lock<State>`.
    @usableFromInline let handoff = Atomic<Int>(0)
    @usableFromInline let mutex: Mutex<State>

    @inlinable
    package init(_ initial: consuming sending State) {
        mutex = Mutex(initial)
    }

    @inlinable
    package borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (state: inout sending State) throws(Failure) -> sending Result in
            _ = handoff.load(ordering: .acquiring)
            defer { handoff.store(0, ordering: .releasing) }
            return try body(&state)
        }
    }
}
