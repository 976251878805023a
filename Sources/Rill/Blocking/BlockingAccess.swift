import Foundation

extension Signal {
    /// Blocks the calling thread until this signal sends its first value, and returns it (RAC
    /// `-first`); returns `nil` if the signal completes without a value.
    ///
    /// The signal is subscribed on the calling thread and disposed once the value arrives. A
    /// signal that sends synchronously returns at once.
    ///
    /// - Parameter timeout: How many seconds to wait at most; `.infinity` waits for ever.
    /// - Throws: ``WaitError/failed(_:)`` if the signal fails first, and
    ///   ``WaitError/timedOut(after:blockedScheduler:)`` if nothing arrives in time. Waiting on
    ///   the thread the signal delivers on (for example the main thread, for a signal that
    ///   delivers on the main queue) can only time out, and the error says so. In `async`
    ///   code, use ``first()`` instead.
    @inlinable
    public func first(timeout: TimeInterval = 10) throws(WaitError<Failure>) -> Value? {
        switch try take(1).waitForFirstEvent(timeout: timeout, operation: "first(timeout:)") {
        case .next(let value): return value
        case .completed: return nil
        case .error(let failure): throw .failed(failure)
        }
    }

    /// Blocks the calling thread until this signal sends its first value, and returns it;
    /// returns `defaultValue` if the signal completes without a value (RAC
    /// `-firstOrDefault:success:error:`).
    ///
    /// - Parameters:
    ///   - defaultValue: What to return when the signal completes without a value.
    ///   - timeout: How many seconds to wait at most; `.infinity` waits for ever.
    /// - Throws: As ``first(timeout:)`` does: a failure is reported, not replaced by the default.
    @inlinable
    public func first(default defaultValue: Value, timeout: TimeInterval = 10) throws(WaitError<Failure>)
        -> Value
    {
        switch try take(1).waitForFirstEvent(timeout: timeout, operation: "first(default:timeout:)") {
        case .next(let value): return value
        case .completed: return defaultValue
        case .error(let failure): throw .failed(failure)
        }
    }

    /// Blocks the calling thread until this signal completes, and returns every value it sent
    /// (RAC `-toArray`).
    ///
    /// - Parameter timeout: How many seconds to wait at most; `.infinity` waits for ever.
    /// - Throws: As ``first(timeout:)`` does. The values of a signal that fails are not
    ///   returned.
    @inlinable
    public func toArray(timeout: TimeInterval = 10) throws(WaitError<Failure>) -> [Value] {
        switch try collect().waitForFirstEvent(timeout: timeout, operation: "toArray(timeout:)") {
        case .next(let values): return values
        case .completed: return []
        case .error(let failure): throw .failed(failure)
        }
    }

    /// Blocks the calling thread until this signal completes, ignoring its values (RAC
    /// `-waitUntilCompleted:`).
    ///
    /// - Parameter timeout: How many seconds to wait at most; `.infinity` waits for ever.
    /// - Throws: As ``first(timeout:)`` does.
    @inlinable
    public func waitUntilCompleted(timeout: TimeInterval = 10) throws(WaitError<Failure>) {
        switch try ignoreValues().waitForFirstEvent(
            timeout: timeout, operation: "waitUntilCompleted(timeout:)")
        {
        case .next, .completed: return
        case .error(let failure): throw .failed(failure)
        }
    }
}
