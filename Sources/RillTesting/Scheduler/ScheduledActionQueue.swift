import Foundation
import Rill

/// The actions a ``TestScheduler`` has queued, in the order they will run: by due date, and first
/// in, first out among actions due at the same date.
///
/// A plain value with no lock and no side effects: ``TestScheduler`` keeps it inside its mutex
/// and runs the actions it hands out after dropping the lock.
struct ScheduledActionQueue: Sendable {
    /// One queued action.
    struct Entry: Sendable {
        /// Identifies the action across repetitions; the action's disposable cancels by this id.
        let id: UInt64
        /// When the action is due.
        var date: Date
        /// The interval of a repeating action, `nil` for a one-shot action.
        let interval: TimeInterval?
        let action: @Sendable () -> Void
        /// The disposable handed to whoever scheduled the action; disposed means cancelled.
        let cancellation: any Disposable
    }

    /// Sorted by `date`; entries with equal dates are in insertion order.
    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Queues `entry` after every entry due at or before its date.
    mutating func insert(_ entry: Entry) {
        // Binary search for the first entry due strictly later: inserting there keeps FIFO order
        // among equal dates.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].date <= entry.date {
                low = middle + 1
            } else {
                high = middle
            }
        }
        entries.insert(entry, at: low)
    }

    /// Removes and returns the entry with `id`, if it is queued.
    mutating func remove(id: UInt64) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        return entries.remove(at: index)
    }

    /// Removes and returns the first entry, if it is due at or before `limit` (any entry when
    /// `limit` is `nil`).
    mutating func popFirst(dueBy limit: Date?) -> Entry? {
        guard let first = entries.first else { return nil }
        if let limit, first.date > limit { return nil }
        return entries.removeFirst()
    }
}
