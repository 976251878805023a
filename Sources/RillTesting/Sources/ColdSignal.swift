import Foundation
import Rill

/// A signal drawn as a marble diagram whose events are replayed, on the virtual clock, for each
/// subscription, timed from that subscription; plus a log of its subscriptions.
///
/// Create one with ``TestScheduler/createColdSignal(_:values:error:)``.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let source = scheduler.createColdSignal("-a-b-|")
/// let recorder = scheduler.start(subscribeAt: 2) { source.signal }
/// expectMarbles(recorder, "---a-b-|")
/// expectSubscriptions(source, ["--^----!"])
/// ```
public struct ColdSignal<Value: Sendable, Failure: Error>: SubscriptionLogging {
    /// The signal to subscribe to.
    public let signal: Signal<Value, Failure>
    /// The scheduler the events are sent on.
    public let scheduler: TestScheduler
    private let log: SubscriptionLog

    /// Every subscription so far, in the order they started.
    public var subscriptions: [TestSubscription] { log.subscriptions }

    init(scheduler: TestScheduler, events: [(frame: Int, event: Event<Value, Failure>)], marble: String) {
        let log = SubscriptionLog(scheduler: scheduler)
        let frames = EventFrame.group(events)
        self.scheduler = scheduler
        self.log = log
        signal = Signal<Value, Failure>.create { subscriber in
            let index = log.logSubscription()
            let origin = scheduler.now
            let scheduled = CompositeDisposable()
            for frame in frames {
                let date = origin.addingTimeInterval(Double(frame.frame) * scheduler.frameDuration)
                scheduled.add(
                    scheduler.schedule(after: date) {
                        for event in frame.events { subscriber.send(event) }
                    })
            }
            return ActionDisposable {
                scheduled.dispose()
                log.logDisposal(of: index)
            }
        }.named(SignalName("+cold: \"\(marble)\""))
    }
}

/// The events that happen in one frame.
struct EventFrame<Value: Sendable, Failure: Error>: Sendable {
    let frame: Int
    let events: [Event<Value, Failure>]

    /// Groups time-ordered events by frame.
    static func group(_ events: [(frame: Int, event: Event<Value, Failure>)]) -> [EventFrame] {
        var frames: [EventFrame] = []
        for (frame, event) in events {
            if let last = frames.last, last.frame == frame {
                frames[frames.count - 1] = EventFrame(frame: frame, events: last.events + [event])
            } else {
                frames.append(EventFrame(frame: frame, events: [event]))
            }
        }
        return frames
    }
}
