/// How ``Signal/flatten(_:)->Signal<Inner,Failure>`` and
/// ``Signal/flatMap(_:_:)->Signal<Output,Failure>`` combine the inner signals of a signal of
/// signals.
///
/// Every strategy passes on the inner signals' values and fails with the first failure of the
/// outer signal or of an inner signal it is subscribed to, disposing everything else first. They
/// differ in which inner signals they subscribe to, when, and so when the result completes.
///
/// In the marbles below, the outer signal sends `A` in frame 1 and `B` in frame 3; the rows
/// under it show each inner signal from the frame the strategy subscribes to it.
///
/// A struct rather than an enum, so that a strategy added later breaks no `switch` in client
/// code.
public struct FlattenStrategy: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Sendable, Hashable {
        case merge
        case concurrent(limit: Int)
        case latest
        case race
        case exhaust
    }

    @usableFromInline let kind: Kind

    @inlinable
    init(_ kind: Kind) {
        self.kind = kind
    }

    /// Subscribes to every inner signal as it arrives and sends their values as they come
    /// (RAC `-flatten`).
    ///
    /// ```
    /// outer   -A-B---|
    /// A        -a---a|
    /// B          -b|
    /// result  --a-b-a|
    /// ```
    ///
    /// Completes when the outer signal and every inner signal have completed.
    public static let merge = FlattenStrategy(.merge)

    /// Subscribes to one inner signal at a time, in the order they arrive: each waits until the
    /// ones before it have completed (RAC `-concat` on a signal of signals, `-flatten: 1`).
    ///
    /// ```
    /// outer   -A-B---|
    /// A        -a---a|
    /// B              -b|
    /// result  --a---a-b|
    /// ```
    ///
    /// Completes when the outer signal and every inner signal have completed. A failure drops
    /// the inner signals still waiting.
    public static let concat = FlattenStrategy(.concurrent(limit: 1))

    /// Subscribes to at most `limit` inner signals at once; the others wait, in the order they
    /// arrived, until one of the running ones completes (RAC `-flatten:`).
    ///
    /// ```
    /// outer   -A-BC---|     concurrent(limit: 2)
    /// A        -a----a|
    /// B          -b|
    /// C            -c|      C waits until B completes
    /// result  --a-b-ca|
    /// ```
    ///
    /// Completes when the outer signal and every inner signal have completed. A failure drops
    /// the inner signals still waiting. `concurrent(limit: 1)` is ``concat``.
    ///
    /// - Precondition: `limit` is at least 1. RAC's `-flatten: 0` meant "no limit": that is
    ///   ``merge``.
    public static func concurrent(limit: Int) -> FlattenStrategy {
        precondition(
            limit >= 1,
            "FlattenStrategy.concurrent(limit:) and flatten(maxConcurrent:): the limit must be at least 1, "
                + "got \(limit). For no limit (RAC's -flatten: 0) use .merge.")
        return FlattenStrategy(.concurrent(limit: limit))
    }

    /// Subscribes to each inner signal as it arrives, then disposes the one before it, so only
    /// the latest inner signal sends (RAC `-switchToLatest`, in RAC's order: a resource the two
    /// share is handed over rather than torn down and rebuilt).
    ///
    /// ```
    /// outer   -A-B---|
    /// A        -a-!
    /// B          -b-b|
    /// result  --a-b-b|
    /// ```
    ///
    /// Completes when the outer signal and the latest inner signal have completed; a replaced
    /// inner signal neither completes nor fails the result.
    public static let latest = FlattenStrategy(.latest)

    /// Subscribes to every inner signal as it arrives until one of them sends an event: that
    /// one wins, the others are disposed, and inner signals that arrive later are ignored.
    ///
    /// ```
    /// outer   -A-B---|
    /// A        ---!
    /// B          -b-b|
    /// result  ----b-b|
    /// ```
    ///
    /// Completes when the outer signal and the winner have completed, or when the outer signal
    /// completes before any inner signal arrived. The first event decides the race even if it
    /// is a completion or a failure.
    public static let race = FlattenStrategy(.race)

    /// Subscribes to an inner signal only when none is running: inner signals that arrive while
    /// one runs are ignored, never subscribed.
    ///
    /// ```
    /// outer   -A-B----C-|
    /// A        -a---a|
    /// B          ignored: A is running
    /// C               -c|
    /// result  --a---a--c|
    /// ```
    ///
    /// Completes when the outer signal and the running inner signal have completed.
    public static let exhaust = FlattenStrategy(.exhaust)

    public var description: String {
        switch kind {
        case .merge: ".merge"
        case .concurrent(limit: 1): ".concat"
        case .concurrent(let limit): ".concurrent(limit: \(limit))"
        case .latest: ".latest"
        case .race: ".race"
        case .exhaust: ".exhaust"
        }
    }
}
