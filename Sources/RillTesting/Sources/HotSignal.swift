import Foundation
import Rill

/// A signal drawn as a marble diagram whose events happen at fixed frames of the virtual clock,
/// whoever is subscribed, and are shared by all subscribers; plus a log of its subscriptions.
///
/// Frame zero is the scheduler's start: the `^` of the diagram if it has one, otherwise its
/// first character. Events drawn before `^`, or at a time already past when the signal is
/// created, happened before anyone could watch and are never sent. A subscriber receives the
/// events from its subscription on; one that subscribes after the terminal event receives that
/// event at once.
///
/// Create one with ``TestScheduler/createHotSignal(_:values:error:)``.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let source = scheduler.createHotSignal("-a-^-b-c-|")
/// let recorder = scheduler.start(subscribeAt: 3) { source.signal }
/// expectMarbles(recorder, "----c-|")
/// ```
public struct HotSignal<Value: Sendable, Failure: Error>: SubscriptionLogging {
    /// The signal to subscribe to.
    public let signal: Signal<Value, Failure>
    /// The scheduler the events are sent on.
    public let scheduler: TestScheduler
    private let log: SubscriptionLog

    /// Every subscription so far, in the order they started.
    public var subscriptions: [TestSubscription] { log.subscriptions }

    init(scheduler: TestScheduler, events: [(frame: Int, event: Event<Value, Failure>)], marble: String) {
        let log = SubscriptionLog(scheduler: scheduler)
        let broadcast = HotBroadcast<Value, Failure>()
        let now = scheduler.now
        for frame in EventFrame.group(events) {
            let date = scheduler.date(ofFrame: frame.frame)
            guard frame.frame >= 0, date >= now else { continue }
            scheduler.schedule(after: date) {
                for event in frame.events { broadcast.send(event) }
            }
        }
        self.scheduler = scheduler
        self.log = log
        signal = Signal<Value, Failure>.create { subscriber in
            let index = log.logSubscription()
            switch broadcast.add(subscriber) {
            case .success(let id):
                return ActionDisposable {
                    broadcast.remove(id)
                    log.logDisposal(of: index)
                }
            case .failure(let terminated):
                subscriber.send(terminated.event)
                log.logDisposal(of: index)
                return nil
            }
        }.named(SignalName("+hot: \"\(marble)\""))
    }
}
