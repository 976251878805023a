import Rill
import RillTesting
import Synchronization

/// A thread-safe list of strings that actions append to, to check what ran, and when.
final class ActionLog: Sendable {
    private let entries = Lock<[String]>([])

    func append(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Appends `name@elapsed`, the elapsed virtual time as a whole number when it is one.
    func append(_ name: String, at scheduler: TestScheduler) {
        let elapsed = scheduler.elapsed
        let time = elapsed == elapsed.rounded() ? String(Int(elapsed)) : String(elapsed)
        append("\(name)@\(time)")
    }

    var all: [String] { entries.withLock { $0 } }
}

/// A failure type with equality.
enum TestError: Error, Equatable {
    case boom
    case bang
}

/// A failure type without equality, compared by description.
struct OpaqueError: Error {
    let code: Int
}
