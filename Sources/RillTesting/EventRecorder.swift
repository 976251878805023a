import Foundation
import Rill
import Synchronization

/// Records every event a subscription receives, with the time it arrived.
///
/// A recorder is thread-safe. Give it a clock (usually a ``TestScheduler``) to stamp each event
/// with that clock's `now`.
///
/// ```swift
/// let recorder = Signal<Int, Never>.from([1, 2]).record()
/// #expect(recorder.values == [1, 2])
/// #expect(recorder.isCompleted)
/// ```
public final class EventRecorder<Value: Sendable, Failure: Error>: Sendable {
    /// One recorded event and when it arrived.
    public struct Record: Sendable {
        /// The clock's time when the event arrived, or `nil` if the recorder has no clock.
        public let time: Date?
        /// The event.
        public let event: Event<Value, Failure>
    }

    /// The clock that stamps each event, if any.
    public let clock: (any Scheduler)?
    private let recorded = Lock<[Record]>([])
    private let subscription = SerialDisposable()

    /// Creates an empty recorder that stamps events with `clock.now`, if given.
    public init(clock: (any Scheduler)? = nil) {
        self.clock = clock
    }

    /// Adds `event` to the record.
    public func append(_ event: Event<Value, Failure>) {
        let record = Record(time: clock?.now, event: event)
        recorded.withLock { $0.append(record) }
    }

    /// Subscribes to `signal` and records what it sends. Disposing the recorder's
    /// ``subscription`` (or calling ``dispose()``) ends it.
    @discardableResult
    public func subscribe(to signal: Signal<Value, Failure>) -> any Disposable {
        let disposable = signal.subscribe(
            next: { [self] in append(.next($0)) },
            error: { [self] in append(.error($0)) },
            completed: { [self] in append(.completed) })
        subscription.inner = disposable
        return disposable
    }

    /// Disposes the subscription started by ``subscribe(to:)``.
    public func dispose() {
        subscription.dispose()
    }

    /// Every record, in arrival order.
    public var records: [Record] { recorded.withLock { $0 } }

    /// Every event, in arrival order.
    public var events: [Event<Value, Failure>] { records.map(\.event) }

    /// The values received.
    public var values: [Value] { events.compactMap(\.value) }

    /// The failure received, if the subscription failed.
    public var failure: Failure? { events.lazy.compactMap(\.failure).first }

    /// Whether the subscription completed.
    public var isCompleted: Bool {
        events.contains { if case .completed = $0 { true } else { false } }
    }

    /// Whether the subscription received a terminal event.
    public var isTerminated: Bool { events.last?.isTerminal ?? false }
}

extension Signal {
    /// Subscribes a new ``EventRecorder`` to this signal and returns it.
    public func record(clock: (any Scheduler)? = nil) -> EventRecorder<Value, Failure> {
        let recorder = EventRecorder<Value, Failure>(clock: clock)
        recorder.subscribe(to: self)
        return recorder
    }
}
