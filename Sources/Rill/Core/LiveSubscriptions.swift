import Synchronization

/// How many subscriptions are live, to find leaks in tests: a subscription that should have ended
/// and still holds its resources.
///
/// A subscription is counted from the moment it subscribes to a signal made with a producer (a
/// subject, ``Signal/create(_:)``, and every operator that subscribes to other signals) until its
/// lifetime is disposed: by ``Disposable/dispose()``, or by the terminal event that ends it
/// (rule G2). Counting happens only in debug builds of Rill; in release builds ``isCounting`` is
/// false and the counts stay 0.
///
/// Tests run in parallel, so count one piece of work with a counter of its own rather than the
/// whole process:
///
/// ```swift
/// let counter = LiveSubscriptionCounter()
/// let subscription = counter.track { screen.bind(to: model) }
/// subscription.dispose()
/// #expect(counter.count == 0)
/// ```
///
/// Subscriptions made inside `track` on its thread or task are counted, with every subscription
/// the chain makes while subscribing, and for as long as they live; ones made later from another
/// thread (a scheduler's, a retry's) are not, and are never subtracted either.
public final class LiveSubscriptionCounter: Sendable {
    @usableFromInline let live = Atomic<Int>(0)

    /// Creates a counter at 0.
    public init() {}

    /// Every live subscription of the process.
    public static let process = LiveSubscriptionCounter()

    /// Whether this build of Rill counts subscriptions: true in debug builds.
    public static var isCounting: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// The number of subscriptions counted here that have not ended yet.
    public var count: Int { live.load(ordering: .acquiring) }

    /// Runs `body`, counting here the subscriptions it makes, as well as in ``process``.
    public func track<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(self, operation: body)
    }

    /// Runs `body`, counting here the subscriptions it makes, as well as in ``process``. It runs
    /// on the caller's actor, so main-actor code passes main-actor work.
    nonisolated(nonsending)
        public func track<Result>(_ body: () async throws -> Result) async rethrows -> Result
    {
        try await Self.$current.withValue(self, operation: body)
    }

    @TaskLocal static var current: LiveSubscriptionCounter?

    /// Counts a subscription that starts with `lifetime`, until it is disposed.
    @usableFromInline
    static func opened(_ lifetime: CompositeDisposable) {
        let tracking = open()
        lifetime.add { close(tracking) }
    }

    /// Counts one more live subscription in ``process`` and in the counter tracking the work,
    /// which it returns for ``close(_:)``.
    @usableFromInline
    static func open() -> LiveSubscriptionCounter? {
        let tracking = current
        process.live.wrappingAdd(1, ordering: .relaxed)
        tracking?.live.wrappingAdd(1, ordering: .relaxed)
        return tracking
    }

    /// Counts one live subscription fewer where ``open()`` counted it.
    @usableFromInline
    static func close(_ tracking: LiveSubscriptionCounter?) {
        process.live.wrappingSubtract(1, ordering: .releasing)
        tracking?.live.wrappingSubtract(1, ordering: .releasing)
    }
}
