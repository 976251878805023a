/// The values of a signal as an `AsyncSequence` whose failure is the signal's own.
///
/// Each iteration subscribes to the signal once, when it first asks for a value, so each `for`
/// loop runs the signal again (signals are cold). Values that arrive between two requests are
/// buffered as the ``BufferingPolicy`` says. Cancelling the iterating task, leaving the loop, or
/// releasing the iterator disposes the subscription; after a cancellation the iteration ends
/// with `nil`.
///
/// ```swift
/// for try await value in signal.values {
///     print(value)
/// }
/// ```
public struct SignalValues<Value: Sendable, Failure: Error>: AsyncSequence, Sendable {
    public typealias Element = Value

    let signal: Signal<Value, Failure>
    let bufferingPolicy: BufferingPolicy

    public func makeAsyncIterator() -> Iterator {
        Iterator(iteration: Iteration(SignalValuesChannel(signal, bufferingPolicy: bufferingPolicy)))
    }

    /// Receives one subscription's values.
    public struct Iterator: AsyncIteratorProtocol {
        let iteration: Iteration

        public mutating func next() async throws(Failure) -> Value? {
            try await iteration.channel.next(isolation: nil).get()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Value? {
            try await iteration.channel.next(isolation: actor).get()
        }
    }

    /// Owns the channel for as long as the iterator exists: when the iterator is released, the
    /// subscription is disposed. The subscription's observer holds the channel, never this.
    final class Iteration: Sendable {
        let channel: SignalValuesChannel<Value, Failure>

        init(_ channel: SignalValuesChannel<Value, Failure>) {
            self.channel = channel
        }

        deinit {
            channel.cancel()
        }
    }
}

extension Signal {
    /// This signal's values as an `AsyncSequence`, keeping every value that arrives before the
    /// loop asks for it.
    ///
    /// ```swift
    /// for try await value in signal.values { … }
    /// ```
    ///
    /// The sequence's `Failure` is the signal's: a signal that cannot fail is iterated with
    /// `for await`. See ``SignalValues`` for subscription and cancellation.
    public var values: SignalValues<Value, Failure> {
        values(bufferingPolicy: .unbounded)
    }

    /// This signal's values as an `AsyncSequence`, buffering values that arrive before the
    /// loop asks for them as `bufferingPolicy` says.
    public func values(bufferingPolicy: BufferingPolicy) -> SignalValues<Value, Failure> {
        switch bufferingPolicy {
        case .unbounded:
            break
        case .bufferingOldest(let limit), .bufferingNewest(let limit):
            precondition(
                limit >= 0,
                "Signal.values(bufferingPolicy:): the buffer limit must not be negative, got \(limit)")
        }
        return SignalValues(signal: self, bufferingPolicy: bufferingPolicy)
    }
}
