import Foundation

/// Why a blocking wait for a signal, such as ``Signal/first(timeout:)``, returned no result.
public enum WaitError<Failure: Error>: Error {
    /// The signal failed.
    case failed(Failure)
    /// The signal sent nothing that ends the wait within `timeout` seconds. The subscription
    /// has been disposed.
    ///
    /// `blockedScheduler` is the description of the scheduler the waiting thread was running
    /// (the main queue on the main thread), or `nil`. A signal that delivers on that
    /// scheduler can never deliver while the thread waits, so a wait there ends only by
    /// timing out: wait from another thread, or use the `async` forms instead.
    case timedOut(after: TimeInterval, blockedScheduler: String?)
}

extension WaitError: Equatable where Failure: Equatable {}

extension WaitError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .failed(let failure):
            return "the signal failed: \(failure)"
        case .timedOut(let timeout, nil):
            return "the signal did not finish within \(timeout) s"
        case .timedOut(let timeout, let scheduler?):
            return
                "the signal did not finish within \(timeout) s while the waiting thread was blocking "
                + "\(scheduler); a signal that delivers there cannot deliver until the wait ends"
        }
    }
}
