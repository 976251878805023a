import Foundation
import Rill

/// An event and the virtual time it arrived at, in seconds from the scheduler's start: what
/// ``EventRecorder/timedEvents`` lists, so that expectations read `.next("a", at: 1.2)`.
///
/// Two timed events are equal when their events are equal and their times differ by less than
/// a microsecond, so that `0.1 + 0.2` arrives "at 0.3".
public struct TimedEvent<Value: Sendable, Failure: Error>: Sendable {
    /// Seconds of virtual time since the scheduler's start.
    public let time: TimeInterval
    /// The event.
    public let event: Event<Value, Failure>

    /// `event` at `time` seconds after the start.
    public init(_ event: Event<Value, Failure>, at time: TimeInterval) {
        self.event = event
        self.time = time
    }

    /// A value sent `time` seconds after the start.
    public static func next(_ value: Value, at time: TimeInterval) -> TimedEvent {
        TimedEvent(.next(value), at: time)
    }

    /// A value sent `time` after the start.
    public static func next(_ value: Value, at time: Duration) -> TimedEvent {
        TimedEvent(.next(value), at: VirtualTime.seconds(time))
    }

    /// A failure sent `time` seconds after the start.
    public static func error(_ failure: Failure, at time: TimeInterval) -> TimedEvent {
        TimedEvent(.error(failure), at: time)
    }

    /// A failure sent `time` after the start.
    public static func error(_ failure: Failure, at time: Duration) -> TimedEvent {
        TimedEvent(.error(failure), at: VirtualTime.seconds(time))
    }

    /// Completion `time` seconds after the start.
    public static func completed(at time: TimeInterval) -> TimedEvent {
        TimedEvent(.completed, at: time)
    }

    /// Completion `time` after the start.
    public static func completed(at time: Duration) -> TimedEvent {
        TimedEvent(.completed, at: VirtualTime.seconds(time))
    }
}

extension TimedEvent: Equatable where Value: Equatable, Failure: Equatable {
    public static func == (lhs: TimedEvent, rhs: TimedEvent) -> Bool {
        lhs.event == rhs.event && abs(lhs.time - rhs.time) < 1e-6
    }
}

extension TimedEvent: CustomStringConvertible {
    /// `next(a) at 1.2`, the time rounded to the microsecond that equality goes by.
    public var description: String {
        let rounded = (time * 1e6).rounded() / 1e6
        return "\(event) at \(rounded)"
    }
}

extension EventRecorder {
    /// Every event with the time it arrived at, in seconds since the start of the recorder's
    /// ``TestScheduler``.
    ///
    /// ```swift
    /// let recorder = scheduler.start { source.signal.delay(0.2) }
    /// #expect(recorder.timedEvents == [.next("a", at: 1.2), .completed(at: 3.2)])
    /// ```
    ///
    /// - Precondition: The recorder's clock is a ``TestScheduler``.
    public var timedEvents: [TimedEvent<Value, Failure>] {
        let scheduler = requireTestScheduler("EventRecorder.timedEvents")
        return records.map { record in
            TimedEvent(record.event, at: record.time.map(scheduler.time(of:)) ?? 0)
        }
    }
}
