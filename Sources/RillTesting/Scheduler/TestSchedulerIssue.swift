import Testing

/// How ``TestScheduler`` reports a misuse that should fail the test rather than stop the
/// process: as a Swift Testing issue.
enum TestSchedulerIssue {
    /// What replaces the reporting for a task.
    ///
    /// A class, not a bare closure: an optimized build (Swift 6.3) that binds a task-local
    /// closure with the synchronous `withValue` passes the runtime a bad type and crashes in
    /// `swift_task_localValuePush`.
    final class Reporter: Sendable {
        let report: @Sendable (_ message: String, _ sourceLocation: SourceLocation) -> Void

        init(_ report: @escaping @Sendable (_ message: String, _ sourceLocation: SourceLocation) -> Void) {
            self.report = report
        }
    }

    /// Replaces the reporting for the current task; the kit's own tests use it to observe the
    /// report without failing.
    @TaskLocal static var reporter: Reporter?

    static func record(_ message: String, sourceLocation: SourceLocation) {
        if let reporter {
            reporter.report(message, sourceLocation)
        } else {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }
}
