import Rill
import Synchronization

/// The lock-protected list behind ``SubscriptionLogging/subscriptions``.
final class SubscriptionLog: Sendable {
    private let scheduler: TestScheduler
    private let entries = Lock<[TestSubscription]>([])

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    var subscriptions: [TestSubscription] { entries.withLock { $0 } }

    /// Logs a subscription starting now and returns its index for ``logDisposal(of:)``.
    func logSubscription() -> Int {
        let now = scheduler.elapsed
        return entries.withLock { entries in
            entries.append(TestSubscription(subscribedAt: now))
            return entries.count - 1
        }
    }

    /// Marks the subscription at `index` as ended now, unless it already ended.
    func logDisposal(of index: Int) {
        let now = scheduler.elapsed
        entries.withLock { entries in
            let entry = entries[index]
            guard entry.disposedAt == nil else { return }
            entries[index] = TestSubscription(subscribedAt: entry.subscribedAt, disposedAt: now)
        }
    }
}
