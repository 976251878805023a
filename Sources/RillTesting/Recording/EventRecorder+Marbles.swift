import RillMarbles

extension EventRecorder where Value: Equatable {
    /// The recorded events as marble text on the frames of the recorder's ``TestScheduler``,
    /// drawing each value with a character of `values` that maps to an equal value.
    ///
    /// Frames count from the scheduler's start. A value with no character is drawn as `?`; an
    /// event between frames is drawn at the frame before it.
    ///
    /// - Precondition: The recorder's clock is a ``TestScheduler``.
    public func marble(values: [Character: Value]) -> String {
        marble(MarbleValueMapping(values), function: "EventRecorder.marble(values:)")
    }
}

extension EventRecorder where Value: MarbleValue {
    /// The recorded events as marble text on the frames of the recorder's ``TestScheduler``,
    /// drawing each value with its ``MarbleValue/marbleCharacter`` (see ``marble(values:)``).
    ///
    /// ```swift
    /// let recorder = scheduler.start { scheduler.createColdSignal("-a-b-|").signal }
    /// recorder.marble  // "-a-b-|"
    /// ```
    ///
    /// - Precondition: The recorder's clock is a ``TestScheduler``.
    public var marble: String {
        marble(.builtIn(), function: "EventRecorder.marble")
    }
}

extension EventRecorder {
    fileprivate func marble(_ values: MarbleValueMapping<Value>, function: String) -> String {
        let scheduler = requireTestScheduler(function)
        let format = TimelineFormat<Value, Failure>(values: values, frameDuration: scheduler.frameDuration)
        return MarbleRenderer.render(format.marks(timeline(on: scheduler)))
    }
}
