internal import RillStackPointer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the core keeps per thread to walk deep chains without recursion: the trampoline of the
/// lifted signals being subscribed and the values whose release is deferred.
///
/// Not `Sendable`: each thread only ever sees its own, through a thread-local slot. The
/// properties that every subscription and disposal touch skip the dynamic exclusivity check,
/// which cost a subscription to a subject 5 % of its time: only their own thread reaches them,
/// and the core never holds an access to one across a call.
@usableFromInline
final class ThreadState {
    /// The trampoline of the outermost checkpoint being subscribed on this thread, if any.
    var trampoline: LiftTrampoline?
    /// Values dropped by dying holders while a release was already under way on this thread.
    var releases: [Any] = []
    var isReleasing = false
    /// Where the stack stood at this thread's outermost core frame, or 0 if none is active (see
    /// ``DeepChain``).
    var stackBase: UInt = 0 {
        didSet { updateNestingLimit() }
    }
    /// How many subscriptions are nested in the current run of the outermost frame.
    @exclusivity(unchecked) var level = 0
    /// Whether work was left for the outermost frame during the current run: everything after
    /// it must be left too, to keep its order.
    var isDeferring = false {
        didSet { updateNestingLimit() }
    }

    /// Mirrors ``stackBase`` and ``isDeferring`` in the thread-local word that an event's depth
    /// check reads (``DeepChain/mayRunNested()``).
    private func updateNestingLimit() {
        let limit: UInt =
            if stackBase == 0 { 0 } else if isDeferring { .max } else { stackBase &- DeepChain.stackBudget }
        rill_set_nesting_limit(limit)
    }
    /// The work left during the current run, in the order it was left.
    @exclusivity(unchecked) var left: [LeftWork] = []
    /// How many disposals of composite disposables are nested on this thread.
    @exclusivity(unchecked) var disposalDepth = 0
    /// Disposables that a deeply nested disposal left for the outermost one.
    @exclusivity(unchecked) var disposals: [any Disposable] = []
    /// Whether this is the process's main thread, once ``MainScheduler`` has asked: Foundation
    /// answers with two system calls on Linux, and a main-actor signal asks for every event.
    var isMainThread: Bool?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ThreadState>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ThreadState>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "Rill: could not create the thread-local key for deep chains")
        return key
    }()

    /// Calls `body` with this thread's state, created on first use and released when the thread
    /// exits. The state is not retained for the call: the thread's slot holds it until then.
    /// Every subscription and disposal reads it, and a retain and release around each read were
    /// a tenth of a subscription to a subject.
    @inline(__always)
    static func withCurrent<Result>(_ body: (ThreadState) throws -> Result) rethrows -> Result {
        guard let pointer = pthread_getspecific(key) else { return try body(makeCurrent()) }
        return try Unmanaged<ThreadState>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Creates this thread's state on first use.
    @inline(never)
    private static func makeCurrent() -> ThreadState {
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Releases what `slot` holds without nesting, and empties it: a holder dying inside another
    /// holder's release queues what it held here, and the outermost release on this thread drops
    /// the queue one by one, so a chain of holders a million long is freed at constant stack
    /// depth.
    func release<Held>(_ slot: inout Held?) {
        guard !isReleasing else {
            if let held = slot.take() { releases.append(held) }
            return
        }
        isReleasing = true
        Self.destroy(slot.take())
        while let next = releases.popLast() {
            // Dies inside the call, queueing what it held.
            Self.destroy(next)
        }
        isReleasing = false
    }

    /// Ends `value`'s lifetime here. Out of line, so that the optimizer cannot move the
    /// destruction past the end of the release loop, where it would recurse again.
    @inline(never)
    static func destroy<Value>(_ value: consuming Value) {}

    /// How deeply disposals of composite disposables nest before the inner ones are left for the
    /// outermost: a subscription to a chain of a million operators holds a million nested
    /// lifetimes.
    static var disposalNesting: Int { 32 }

    /// Disposes `first`, then `rest`, unless disposals are already nested deep on this thread:
    /// then they are left for the outermost disposal, which disposes them, in order, before it
    /// returns.
    func dispose(_ first: (any Disposable)?, _ rest: ArraySlice<(any Disposable)?>) {
        guard disposalDepth < Self.disposalNesting else {
            if let first { disposals.append(first) }
            for case let entry? in rest { disposals.append(entry) }
            return
        }
        disposalDepth += 1
        first?.dispose()
        for case let entry? in rest { entry.dispose() }
        disposalDepth -= 1
        guard disposalDepth == 0, !disposals.isEmpty else { return }
        disposalDepth = 1
        var next = 0
        while next < disposals.count {
            let disposable = disposals[next]
            next += 1
            disposable.dispose()
        }
        disposals.removeAll()
        disposalDepth = 0
    }
}
