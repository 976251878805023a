/// Why an execution of a ``Command`` failed: the command was not enabled, or its work failed.
///
/// The caller of ``Command/apply(_:)`` or ``Command/execute(_:)`` sees this error; the command's
/// ``Command/errors`` signal carries the work's own `Failure`, unwrapped.
public enum CommandError<Failure: Error>: Error {
    /// The command was not enabled when it was asked to execute, so no work started (RAC
    /// `RACCommandErrorNotEnabled`, ReactiveSwift `ActionError.disabled`).
    case notEnabled
    /// The work started and failed with this error.
    case failed(Failure)
}

extension CommandError: Equatable where Failure: Equatable {}

extension CommandError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notEnabled: "the command is not enabled"
        case .failed(let failure): "the command's work failed: \(failure)"
        }
    }
}
