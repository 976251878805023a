/// Where the logging operators (``Signal/logEvents(to:)`` and its kin) write their lines.
///
/// The default, ``standardOutput``, prints each line. Make one of your own to send the lines
/// to another logger, or to collect them in a test:
///
/// ```swift
/// let lines = Mutex<[String]>([])
/// let log = EventLog { line in lines.withLock { $0.append(line) } }
/// signal.logEvents(to: log).subscribe()
/// ```
public struct EventLog: Sendable {
    /// Writes one line, without a trailing newline. It may be called from any thread.
    public let write: @Sendable (String) -> Void

    /// Creates a log that passes every line to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Prints every line to standard output.
    public static let standardOutput = EventLog { line in print(line) }
}
