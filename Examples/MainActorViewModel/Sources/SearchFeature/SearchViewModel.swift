import Foundation
import Observation
import Rill

/// Why a search failed.
public enum SearchError: Error, Equatable, Sendable {
    case offline
}

/// The state of a search screen, built only from Rill's app layer: the query the view writes is
/// observed, a command runs the searches, and its results, flags and failures are bound back into
/// the model's state on the main actor.
///
/// There is no subscription to keep and no `[weak self]`: every binding holds the model weakly
/// and ends with it, and every source ends when the model, or the command it owns, is released.
@MainActor
@Observable
public final class SearchViewModel {
    /// What the user typed. The view writes it; a search starts once typing pauses.
    public var query = ""
    /// The results of the latest search.
    public private(set) var results: [String] = []
    /// Whether a search is running, for a spinner.
    public private(set) var isSearching = false
    /// Whether the search button is enabled: the query is long enough.
    public private(set) var canSearch = false
    /// What went wrong in the latest search that failed, until a later one answers.
    public private(set) var errorMessage: String?

    /// Runs one search for its input. The search button executes it; so does a pause in typing.
    public let search: Command<String, [String], SearchError>

    /// The shortest query that is searched.
    public nonisolated static let minimumLength = 3

    /// Whether the query is long enough to search: the command's enabling input.
    private let isQueryLongEnough = MutableProperty(false)

    /// A view model that searches with `service` once typing has paused for `pause` seconds on
    /// `scheduler` (a `TestScheduler` in tests).
    public init(
        pause: TimeInterval = 0.3, scheduler: any Scheduler = QueueScheduler.main,
        service: @escaping @Sendable (String) -> Signal<[String], SearchError>
    ) {
        search = Command(enabledIf: isQueryLongEnough, allowsConcurrentExecution: true, execute: service)
        let queries = signal(for: \.query)
        isQueryLongEnough <~ queries.map { $0.count >= Self.minimumLength }
        search <~ queries.throttle(pause, on: scheduler).filter { $0.count >= Self.minimumLength }
        search.isEnabled.signal.deliver(on: .main).bind(to: self, \.canSearch)
        search.isExecuting.signal.deliver(on: .main).bind(to: self, \.isSearching)
        // Only the latest search's results count: an older one that answers late is dropped.
        search.executions.switchToLatest().deliver(on: .main).bind(to: self, \.results)
        search.events.map(Self.message(for:)).deliver(on: .main).bind(to: self, \.errorMessage)
    }

    /// The error message after an execution's event: a failure's description, or none once a
    /// search delivers or completes.
    private nonisolated static func message(for event: Event<[String], SearchError>) -> String? {
        guard case .error(let failure) = event else { return nil }
        return "search failed: \(failure)"
    }

    /// Searches for the current query now, as the search button does.
    public func submit() {
        search.execute(query)
    }
}
