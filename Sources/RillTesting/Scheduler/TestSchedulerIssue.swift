import Testing

/// How ``TestScheduler`` reports a misuse that should fail the test rather than stop the
/// process: as a Swift Testing issue.
enum TestSchedulerIssue {
    /// Replaces the reporting for the current task; the kit's own tests use it to observe the
    /// report without failing.
    @TaskLocal static var reporter: (@Sendable (_ message: String, _ sourceLocation: SourceLocation) -> Void)?

    static func record(_ message: String, sourceLocation: SourceLocation) {
        if let reporter {
            reporter(message, sourceLocation)
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}
