import Foundation
import Rill
import RillMarbles

/// An event at a time on the virtual clock: one side of a marble comparison.
struct TimelineEntry<Value, Failure: Error> {
    /// Seconds of virtual time since the scheduler's start.
    let time: TimeInterval
    let event: MarbleEvent<Value, Failure>
}

extension EventRecorder {
    /// The test scheduler stamping this recorder's events, or `nil` if its clock is not one.
    var testScheduler: TestScheduler? { clock as? TestScheduler }

    /// The recorded events on `scheduler`'s clock. An event recorded without a time counts as
    /// recorded at the scheduler's start.
    func timeline(on scheduler: TestScheduler) -> [TimelineEntry<Value, Failure>] {
        records.map { record in
            let time = record.time.map { $0.timeIntervalSince(scheduler.startDate) } ?? 0
            let event: MarbleEvent<Value, Failure> =
                switch record.event {
                case .next(let value): .next(value)
                case .error(let failure): .error(failure)
                case .completed: .completed
                }
            return TimelineEntry(time: time, event: event)
        }
    }

    /// The recorder's test scheduler, or a stop with a message naming `function`.
    func requireTestScheduler(_ function: String) -> TestScheduler {
        guard let scheduler = testScheduler else {
            preconditionFailure("\(function): \(Self.missingClockReason)")
        }
        return scheduler
    }

    static var missingClockReason: String {
        "the recorder's clock is not a TestScheduler, so its events have no frames; "
            + "create it with TestScheduler.record(_:subscribeAt:disposeAt:) or EventRecorder(clock: scheduler)"
    }
}

extension MarbleDiagram {
    /// The diagram's events as a timeline on frames of `frameDuration` seconds.
    func timeline<Value, Failure>(
        values: MarbleValueMapping<Value>, failure: Failure?, frameDuration: TimeInterval
    ) throws(MarbleSyntaxError) -> [TimelineEntry<Value, Failure>] {
        try events(values: values, failure: failure, failureRequired: nil).map { mark in
            TimelineEntry(time: Double(mark.frame) * frameDuration, event: mark.event)
        }
    }
}

/// Drawing and describing timeline entries.
struct TimelineFormat<Value, Failure: Error> {
    let values: MarbleValueMapping<Value>
    let frameDuration: TimeInterval

    /// The character standing for values that have none.
    static var unknownValueCharacter: Character { "?" }

    func marks(_ entries: [TimelineEntry<Value, Failure>]) -> [MarbleRenderer.Mark] {
        entries.map { entry in
            (FrameTime.frame(of: entry.time, frameDuration: frameDuration), character(entry.event))
        }
    }

    func character(_ event: MarbleEvent<Value, Failure>) -> Character {
        switch event {
        case .next(let value): values.character(value) ?? Self.unknownValueCharacter
        case .error: "#"
        case .completed: "|"
        }
    }

    /// `next(b)`, `error(boom)`, `error (any failure)` or `completed`.
    func describe(_ event: MarbleEvent<Value, Failure>) -> String {
        switch event {
        case .next(let value): "next(\(value))"
        case .error(let failure?): "error(\(failure))"
        case .error(nil): "error (any failure)"
        case .completed: "completed"
        }
    }

    /// `frame 3: next(b)`, with a note when the value has no character or the time falls
    /// between frames.
    func describe(_ entry: TimelineEntry<Value, Failure>) -> String {
        var text =
            "frame \(FrameTime.describe(entry.time, frameDuration: frameDuration)): \(describe(entry.event))"
        if case .next(let value) = entry.event, values.character(value) == nil {
            text += " (no marble character for this value; drawn as '\(Self.unknownValueCharacter)')"
        }
        return text
    }
}
