import Dispatch

/// How long a test waits for work that must happen before it calls the wait a hang.
///
/// It is a guard against deadlock, never a timing assertion: a passing test waits only as long
/// as the work takes. It is generous because under ThreadSanitizer or AddressSanitizer, on a
/// two-core machine, work queued on Dispatch or the cooperative pool can wait minutes behind the
/// rest of the parallel suite.
enum HangGuard {
    static let seconds: Double = 900

    static var deadline: DispatchTime { .now() + seconds }
}
