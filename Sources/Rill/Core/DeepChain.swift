public import RillStackPointer

/// How the core keeps a chain of any length and of any operators from overflowing the stack.
///
/// Subscribing a chain recurses from its last operator to its source, and an event recurses
/// from the source to the last observer, one or more stack frames per operator. The core
/// watches that recursion at two kinds of points:
///
/// - every subscription to a signal made with a producer (``Signal/subscribe(_:in:)``);
/// - a *delivery checkpoint* (``DeliveryCheckpoint``) that the core places on the observer of
///   every ``checkpointInterval``-th nested subscription, of every subscription in the deeper
///   half of the budget, of every subscription it defers, and of every
///   ``LiftCheckpoint/interval``-th lifted signal.
///
/// The first such point reached on a thread with no other one active becomes the thread's
/// *outermost core frame* and notes where the stack stood. A point reached more than
/// ``stackBudget`` bytes deeper than that frame does not recurse further: it leaves its work (the
/// subscription, or the event for the rest of the chain) to the outermost frame and returns, and
/// the outermost frame runs what was left once the stack has unwound, before it returns itself.
/// So the stack a chain uses is bounded by the budget plus one interval, whatever its length, and
/// a chain short enough to fit in the budget runs exactly as a plain recursion would.
///
/// Order is kept: once work was left during a run, every later subscription and checkpointed
/// event of that run is left too, behind it, and work left while running left work runs before
/// what was left earlier (depth first), as the recursion would have run it. A checkpoint queues
/// its events and delivers them from one thread at a time, so an event left for later is never
/// overtaken by one sent meanwhile from another thread (rule G6).
@usableFromInline
enum DeepChain {
    /// How far below the outermost core frame a thread's stack may grow before work is left for
    /// later. Small enough that a chain of any length fits on a 512 KiB thread with room for the
    /// caller's own frames, large enough that ordinary chains never reach it.
    static var stackBudget: UInt { 128 * 1024 }

    /// How many nested subscriptions apart the core places delivery checkpoints. An operator
    /// may subscribe more than once per level of the chain (`merge` subscribes its sources, then
    /// each of them), and only one of those subscriptions carries the values; a prime interval
    /// lands on each of them in turn, where a power of two could miss the one that does forever.
    @inlinable static var checkpointInterval: Int { 31 }

    /// Where the machine stack stands: the current frame's address. Not the address of a
    /// local, which a sanitizer may place on a heap "fake stack", far from the real one.
    @inline(__always)
    static func stackAddress() -> UInt {
        UInt(rill_stack_pointer())
    }

    /// What a subscription does at a checkpoint of the recursion, as ``enterSubscription()``
    /// decides. A plain integer, so that the common cases cost a compare in the inlined
    /// `Signal.subscribe(_:in:)`.
    @usableFromInline
    enum Entry {
        /// Runs now, inside the outermost core frame; ``leaveSubscription(_:)`` afterwards.
        @inlinable static var nested: Int { 0 }
        /// Runs now as the thread's outermost core frame; ``leaveSubscription(_:)`` afterwards.
        @inlinable static var outermost: Int { 1 }
        /// Runs now with a delivery checkpoint on its observer; ``leaveSubscription(_:)``
        /// afterwards.
        @inlinable static var nestedWithCheckpoint: Int { 2 }
        /// Must be left for the outermost core frame with ``leave(_:)``.
        @inlinable static var deferred: Int { 3 }
    }

    /// Decides what a subscription to a producer does, and counts it as one level deeper.
    @usableFromInline
    static func enterSubscription() -> Int {
        ThreadState.withCurrent { thread in
            let stack = stackAddress()
            let entry = enter(thread, at: stack)
            if entry == Entry.outermost {
                thread.level = 1
            } else if entry == Entry.nested {
                thread.level += 1
                // In the deeper half of the budget every subscription gets a checkpoint: one of
                // them is then on each path that events take back up through the subscriptions
                // made there.
                let isDeep = thread.stackBase &- stack > stackBudget / 2
                if isDeep || thread.level % checkpointInterval == 0 { return Entry.nestedWithCheckpoint }
            }
            return entry
        }
    }

    /// Whether work at `stack` runs nested, becomes the outermost core frame, or is left for it.
    static func enter(_ thread: ThreadState, at stack: UInt) -> Int {
        if thread.stackBase == 0 {
            thread.stackBase = stack
            return Entry.outermost
        }
        if thread.isDeferring || thread.stackBase &- stack > stackBudget {
            thread.isDeferring = true
            return Entry.deferred
        }
        return Entry.nested
    }

    /// Enters a subscription that is a checkpoint of the recursion, for a subscription whose
    /// observer is its own end, with nothing downstream for a delivery checkpoint to guard: a
    /// subject's receiver made the subscription (``Signal/subscribe(next:error:completed:)``).
    /// Returns the entry to pass to ``leaveSubscription(_:)`` once subscribed. Where the core
    /// would put a delivery checkpoint on the observer or leave the subscription for later, it
    /// counts nothing and returns `nil`, and the caller subscribes through `Signal.run`, which
    /// does either.
    ///
    /// An entry and a leave rather than a closure to run between them: the caller hands the
    /// subscription's closures on without a retain, which a closure capturing them would take.
    @inlinable
    static func enterUnlessCheckpointed() -> Int? {
        let entry = enterSubscription()
        guard entry <= Entry.outermost else {
            // The deferred entry counted no level; this one did.
            if entry == Entry.nestedWithCheckpoint { leaveSubscription(entry) }
            return nil
        }
        return entry
    }

    /// Ends a subscription that ``enterSubscription()`` let run.
    @usableFromInline
    static func leaveSubscription(_ entry: Int) {
        if entry == Entry.outermost {
            leaveOutermost()
        } else {
            ThreadState.withCurrent { $0.level -= 1 }
        }
    }

    /// Ends the outermost core frame: runs every piece of work left for it, then lets the next
    /// point reached on this thread become the outermost frame again.
    @usableFromInline
    static func leaveOutermost() {
        ThreadState.withCurrent { thread in
            thread.runLeftWork()
            thread.stackBase = 0
            thread.level = 0
            thread.isDeferring = false
        }
    }

    /// Leaves `work` for the outermost core frame, to run at the current nesting level.
    @usableFromInline
    static func leave(_ work: @escaping () -> Void) {
        ThreadState.withCurrent { thread in
            thread.isDeferring = true
            thread.left.append(LeftWork(level: thread.level + 1, run: work))
        }
    }

    /// Runs `work` now, unless work was left for the thread's outermost core frame during the
    /// current run: then leaves `work` behind it, so that `work` runs after what was left, as it
    /// would have without the budget. For an operator that acts on its source's end: the value
    /// the source sent before it may be waiting there on its way to an operator that disposes
    /// this one when it gets the value (`repeat().take(1)` must not subscribe again).
    @usableFromInline
    static func runAfterLeftWork(_ work: @escaping () -> Void) {
        let mustLeave = ThreadState.withCurrent { $0.stackBase != 0 && $0.isDeferring }
        guard mustLeave else { return work() }
        leave(work)
    }

    /// Whether work reached here may run nested in the thread's outermost core frame: one is
    /// active, nothing waits for it, and the stack is within the budget. Inlined into every
    /// delivery checkpoint; the other cases go to ``enterDelivery()``.
    @inlinable @inline(__always)
    static func mayRunNested() -> Bool {
        let limit = rill_nesting_limit()
        return limit != 0 && rill_stack_pointer() > limit
    }

    /// How many broadcasts may deliver one inside another before each further one is a
    /// delivery checkpoint. A subject's or a property's subscriber may send to another subject
    /// or property, and a chain of them (properties derived from properties, subjects feeding
    /// subjects) recurses through every one with no subscription between them to place a
    /// checkpoint on. The few levels an app's state has run unchecked.
    @inlinable static var uncheckedBroadcastNesting: UInt { 4 }

    /// Counts a broadcast's delivery on this thread, and returns how many were delivering
    /// around it: give the count back to ``leaveBroadcast(_:)``.
    @inlinable @inline(__always)
    static func enterBroadcast() -> UInt {
        let nesting = rill_broadcast_nesting()
        rill_set_broadcast_nesting(nesting &+ 1)
        return nesting
    }

    @inlinable @inline(__always)
    static func leaveBroadcast(_ nesting: UInt) {
        rill_set_broadcast_nesting(nesting)
    }

    /// Decides whether an event reaching a delivery checkpoint goes on now: ``Entry/nested``,
    /// ``Entry/outermost`` or ``Entry/deferred``.
    @usableFromInline
    static func enterDelivery() -> Int {
        ThreadState.withCurrent { enter($0, at: stackAddress()) }
    }

    /// Whether a core frame is active on this thread, to run the work left for it.
    static var hasOutermostFrame: Bool {
        ThreadState.withCurrent { $0.stackBase != 0 }
    }

    /// Runs `body` as this thread's outermost core frame, which must not be active.
    static func runAsOutermost(_ body: () -> Void) {
        ThreadState.withCurrent { $0.stackBase = stackAddress() }
        body()
        leaveOutermost()
    }

    /// Runs `body` as if no core frame were active on this thread, with its own outermost frame
    /// that runs everything `body` leaves before this returns: for code that needs a
    /// subscription's synchronous events before it goes on, such as a blocking wait.
    @usableFromInline
    static func isolated<Result>(_ body: () throws -> Result) rethrows -> Result {
        try ThreadState.withCurrent { thread in
            let saved = (thread.stackBase, thread.level, thread.isDeferring, thread.left)
            thread.stackBase = 0
            thread.level = 0
            thread.isDeferring = false
            thread.left = []
            defer {
                (thread.stackBase, thread.level, thread.isDeferring, thread.left) = saved
            }
            return try body()
        }
    }
}

/// A piece of work left for a thread's outermost core frame, and the subscription depth at
/// which it runs.
struct LeftWork {
    let level: Int
    let run: () -> Void
}

extension ThreadState {
    /// Runs the work left for the outermost frame, depth first: work left while a piece runs
    /// goes before what was left earlier, in the order it was left.
    func runLeftWork() {
        var waiting: [LeftWork] = []
        while true {
            if !left.isEmpty {
                waiting.append(contentsOf: left.reversed())
                left.removeAll(keepingCapacity: true)
            }
            guard let work = waiting.popLast() else { return }
            isDeferring = false
            level = work.level
            work.run()
        }
    }
}

extension Signal {
    /// Subscribes as ``subscribe(_:in:)`` does, and watches a lifted signal's subscription as
    /// it watches a producer's: for a signal subscribed from inside an event, as `bind` subscribes
    /// the signals it merges. A lifted signal's subscription otherwise recurses only into its
    /// upstream, where its own checkpoints bound it, but a lifted `bind` also recurses into the
    /// signals its source sends, and a chain of those (`merge(with:)` over and over) has a lifted
    /// stack one signal deep at every step.
    @inlinable
    func subscribeFromEvent(_ observer: Observer<Value, Failure>, in lifetime: CompositeDisposable) {
        if case .lifted(let producer, _) = source {
            guard !lifetime.isDisposed else { return }
            return run(producer, observer, in: lifetime)
        }
        subscribe(observer, in: lifetime)
    }

    /// Runs a producer for one subscription at a checkpoint of the recursion (see
    /// ``DeepChain``). Out of line, so that `subscribe(_:in:)` stays small enough to inline
    /// where a sequence's or a lifted signal's events are fused with the code around them. (A
    /// producer itself is not fused with its subscriber: one that may be left for later
    /// escapes, and the optimizer then no longer inlines it.)
    @inlinable @inline(never)
    func run(
        _ producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void,
        _ observer: Observer<Value, Failure>, in lifetime: CompositeDisposable
    ) {
        let entry = DeepChain.enterSubscription()
        if entry <= DeepChain.Entry.outermost {
            producer(observer, lifetime)
            return DeepChain.leaveSubscription(entry)
        }
        runDeep(entry, producer, observer, in: lifetime)
    }

    /// A subscription that gets a delivery checkpoint, or is left for the outermost frame.
    @inlinable @inline(never)
    func runDeep(
        _ entry: Int,
        _ producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void,
        _ observer: Observer<Value, Failure>, in lifetime: CompositeDisposable
    ) {
        if entry == DeepChain.Entry.deferred {
            return leave(producer, observer, in: lifetime)
        }
        producer(DeliveryCheckpoint(observer).observer, lifetime)
        DeepChain.leaveSubscription(entry)
    }

    /// Leaves a subscription for the thread's outermost core frame, with a delivery checkpoint
    /// on its observer.
    @inlinable @inline(never)
    func leave(
        _ producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void,
        _ observer: Observer<Value, Failure>, in lifetime: CompositeDisposable
    ) {
        let checkpointed = DeliveryCheckpoint(observer).observer
        DeepChain.leave {
            guard !lifetime.isDisposed else { return }
            producer(checkpointed, lifetime)
        }
    }
}
