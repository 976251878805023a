import Rill
import RillMarbles

extension TestScheduler {
    /// Queues a subscription to `signal` at frame `subscribeAt`, and its disposal at frame
    /// `disposeAt` if given, and returns the recorder that will receive the events, stamped with
    /// this scheduler's clock.
    ///
    /// Nothing happens until the scheduler runs: call ``advance(by:)``, ``advance(toFrame:)`` or
    /// ``run(maximumActions:fileID:filePath:line:column:)``, or use ``start(subscribeAt:disposeAt:fileID:filePath:line:column:_:)``, which does. Frames
    /// count from the scheduler's start; a frame already past counts as now. The subscription
    /// runs as a scheduler action, so ``Schedulers/current`` is this scheduler while the signal
    /// subscribes.
    ///
    /// - Precondition: `disposeAt`, if given, is not before `subscribeAt`.
    public func record<Value, Failure>(
        _ signal: Signal<Value, Failure>, subscribeAt: Int = 0, disposeAt: Int? = nil
    ) -> EventRecorder<Value, Failure> {
        if let disposeAt {
            precondition(
                disposeAt >= subscribeAt,
                "TestScheduler.record(_:subscribeAt:disposeAt:): disposeAt (\(disposeAt)) is before subscribeAt (\(subscribeAt))"
            )
        }
        let recorder = EventRecorder<Value, Failure>(clock: self)
        schedule(after: date(ofFrame: subscribeAt)) { recorder.subscribe(to: signal) }
        if let disposeAt {
            schedule(after: date(ofFrame: disposeAt)) { recorder.dispose() }
        }
        return recorder
    }

    /// Queues a subscription to `signal` at the `^` of `subscription`, and its disposal at the `!`
    /// if there is one, and returns the recorder that will receive the events (see
    /// ``record(_:subscribeAt:disposeAt:)``).
    ///
    /// ```swift
    /// let recorder = scheduler.record(source.signal, subscription: "--^---!")
    /// scheduler.run()
    /// ```
    ///
    /// - Precondition: `subscription` is a well-formed subscription marble: `-`, one `^`, at
    ///   most one `!` after it, and spaces.
    public func record<Value, Failure>(
        _ signal: Signal<Value, Failure>, subscription: String
    ) -> EventRecorder<Value, Failure> {
        let diagram = MarbleDiagram.parseOrFail(
            subscription, for: .subscription, in: "TestScheduler.record(_:subscription:)")
        // `.subscription` guarantees a `^`.
        return record(signal, subscribeAt: diagram.subscriptionFrame ?? 0, disposeAt: diagram.disposalFrame)
    }

    /// Subscribes to the signal `makeSignal` returns at frame `subscribeAt`, disposes the
    /// subscription at frame `disposeAt` if given, runs the scheduler until it has nothing left
    /// to do (see ``run(maximumActions:fileID:filePath:line:column:)``) and returns what the
    /// subscription received. A run that exceeds its action limit is reported at the caller.
    ///
    /// `makeSignal` is called once, at once.
    ///
    /// ```swift
    /// let source = scheduler.createColdSignal("-a-b-|")
    /// let recorder = scheduler.start { source.signal }
    /// expectMarbles(recorder, "-a-b-|")
    /// ```
    @discardableResult
    public func start<Value, Failure>(
        subscribeAt: Int = 0, disposeAt: Int? = nil, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column, _ makeSignal: () -> Signal<Value, Failure>
    ) -> EventRecorder<Value, Failure> {
        let recorder = record(makeSignal(), subscribeAt: subscribeAt, disposeAt: disposeAt)
        run(fileID: fileID, filePath: filePath, line: line, column: column)
        return recorder
    }
}
