extension Signal {
    /// A signal that iterates `sequence` on every subscription and sends its elements, then
    /// completes, or fails with what the sequence throws.
    ///
    /// Each subscription iterates in a new task; disposing the subscription cancels the task.
    public init<Elements: AsyncSequence & Sendable>(_ sequence: Elements)
    where Elements.Element == Value, Elements.Failure == Failure {
        self = Signal.create { subscriber in
            let task = Task {
                do throws(Failure) {
                    var iterator = sequence.makeAsyncIterator()
                    while let value = try await iterator.next(isolation: nil) {
                        subscriber.sendNext(value)
                    }
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
            return ActionDisposable { task.cancel() }
        }.named("+from: async sequence")
    }

    /// A signal that runs `operation` on every subscription and sends its result, then
    /// completes, or fails with what it throws.
    ///
    /// ```swift
    /// let profile = Signal<Profile, NetworkError> { try await client.profile() }
    /// ```
    ///
    /// Each subscription runs `operation` in a new task; disposing the subscription cancels
    /// the task.
    public init(_ operation: @escaping @Sendable () async throws(Failure) -> Value) {
        self = Signal.create { subscriber in
            let task = Task {
                do throws(Failure) {
                    subscriber.sendNext(try await operation())
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
            return ActionDisposable { task.cancel() }
        }.named("+from: async operation")
    }

    /// Subscribes, and returns the first value once it arrives, or `nil` if this signal
    /// completes without one. The subscription is disposed once the value arrives, and when
    /// the calling task is cancelled, which also returns `nil`.
    public func first() async throws(Failure) -> Value? {
        var iterator = take(1).values.makeAsyncIterator()
        return try await iterator.next(isolation: nil)
    }

    /// Subscribes, and returns every value once this signal completes.
    ///
    /// If the calling task is cancelled first, the subscription is disposed and the values
    /// received until then are returned.
    public func collect() async throws(Failure) -> [Value] {
        var collected: [Value] = []
        var iterator = values.makeAsyncIterator()
        while let value = try await iterator.next(isolation: nil) {
            collected.append(value)
        }
        return collected
    }
}
