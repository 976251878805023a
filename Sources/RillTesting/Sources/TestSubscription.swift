import Foundation
import RillMarbles

/// One subscription to a ``ColdSignal`` or ``HotSignal``: when it started and when it ended.
public struct TestSubscription: Sendable, Hashable {
    /// Seconds of virtual time from the scheduler's start to the subscription.
    public let subscribedAt: TimeInterval
    /// Seconds of virtual time from the scheduler's start to the end of the subscription, by
    /// disposal or by a terminal event, or `nil` while it lasts.
    public let disposedAt: TimeInterval?

    /// Creates a record of a subscription.
    public init(subscribedAt: TimeInterval, disposedAt: TimeInterval? = nil) {
        self.subscribedAt = subscribedAt
        self.disposedAt = disposedAt
    }

    /// The subscription as a subscription marble on frames of `frameDuration` seconds: `^` at
    /// the frame it started, `!` at the frame it ended (`"--^--!"`, or `"--(^!)"` if both fall in
    /// one frame). A time between frames is drawn at the frame before it.
    public func marble(frameDuration: TimeInterval) -> String {
        MarbleRenderer.render(marks(frameDuration: frameDuration))
    }

    func marks(frameDuration: TimeInterval) -> [MarbleRenderer.Mark] {
        var marks: [MarbleRenderer.Mark] = [
            (FrameTime.frame(of: subscribedAt, frameDuration: frameDuration), "^")
        ]
        if let disposedAt {
            marks.append((FrameTime.frame(of: disposedAt, frameDuration: frameDuration), "!"))
        }
        return marks
    }
}

/// A test signal that logs its subscriptions: ``ColdSignal`` and ``HotSignal``.
public protocol SubscriptionLogging: Sendable {
    /// The scheduler whose clock stamps the log.
    var scheduler: TestScheduler { get }
    /// Every subscription so far, in the order they started.
    var subscriptions: [TestSubscription] { get }
}

extension SubscriptionLogging {
    /// Every subscription so far as a subscription marble (see
    /// ``TestSubscription/marble(frameDuration:)``), in the order they started.
    public var subscriptionMarbles: [String] {
        subscriptions.map { $0.marble(frameDuration: scheduler.frameDuration) }
    }
}
