/// Every ``interval``-th signal in a stack of lifted signals (see
/// ``Signal/init(name:lifting:_:)``): the points at which subscribing and releasing a long chain
/// stop recursing.
///
/// Subscribing a lifted signal subscribes its upstream as its last act, so the lifted signals
/// between two checkpoints recurse into each other, at most ``interval`` deep. A checkpoint does
/// not subscribe its upstream from inside that recursion: when the checkpoint above it is
/// waiting for it, it leaves its upstream subscription on that checkpoint's trampoline and
/// returns, and the trampoline runs it once the stack has unwound. Nothing a lifted signal does
/// after subscribing its upstream can be reordered by this, because it does nothing after it.
@usableFromInline
final class LiftCheckpoint: Sendable {
    /// How many lifted signals a checkpoint is placed after: few enough to keep the recursion
    /// between two of them shallow on a 512 KiB stack, many enough to cost nothing measurable.
    /// An event takes about 1.5 KiB of stack per lifted signal in a debug build and 3 KiB under
    /// AddressSanitizer, so 32 of them stay under 100 KiB past the depth check. Optimized, it
    /// takes about 300 bytes, so 128 stay under 40 KiB; each checkpoint an event passes costs it
    /// a few percent of a chain of a hundred `map`s, and splits the chain where the optimizer
    /// would fuse it.
    @inlinable static var interval: Int {
        #if DEBUG
        32
        #else
        128
        #endif
    }

    /// The next checkpoint below this one in the same stack of lifted signals.
    @usableFromInline let lower: LiftCheckpoint?

    @inlinable
    init(lower: LiftCheckpoint?) {
        self.lower = lower
    }

    /// Runs `subscribeUpstream`, or leaves it on the trampoline of the checkpoint above.
    @usableFromInline
    func subscribe(_ subscribeUpstream: @escaping () -> Void) {
        ThreadState.withCurrent { thread in
            if let trampoline = thread.trampoline, trampoline.expected === self {
                trampoline.expected = nil
                trampoline.pending = (subscribeUpstream, lower)
                return
            }
            let trampoline = LiftTrampoline()
            let outer = thread.trampoline
            thread.trampoline = trampoline
            defer { thread.trampoline = outer }
            var next: (work: () -> Void, lower: LiftCheckpoint?)? = (subscribeUpstream, lower)
            while let (work, lower) = next {
                // Only the next checkpoint below may leave work here: any other checkpoint reached
                // meanwhile (in an event handler, or in another chain) runs its own trampoline.
                trampoline.expected = lower
                trampoline.pending = nil
                work()
                next = trampoline.pending
            }
            trampoline.expected = nil
        }
    }
}

/// The loop of the outermost checkpoint being subscribed on one thread.
final class LiftTrampoline {
    /// The checkpoint whose upstream subscription may be left here next.
    var expected: LiftCheckpoint?
    var pending: (work: () -> Void, lower: LiftCheckpoint?)?
}
