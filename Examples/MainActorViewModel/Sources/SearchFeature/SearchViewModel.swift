import Foundation
import Rill

/// The state of a search screen: the latest results for what the user typed.
///
/// Queries may come from any thread; searches run wherever `search` runs them. Results reach
/// the view model on the main actor, so it updates its state, and a view bound to it, directly.
@MainActor
public final class SearchViewModel {
    /// The results of the latest search.
    public private(set) var results: [String] = []
    /// Every value `results` has taken, in order.
    public private(set) var history: [[String]] = []
    /// Whether the queries have ended and every search has finished.
    public private(set) var isFinished = false
    /// Called on the main actor after each change, for a view to redraw.
    public var onChange: (@MainActor () -> Void)?

    private let search: @Sendable (String) -> Signal<[String], Never>
    private let debounce: TimeInterval
    private var subscription: (any Disposable)?

    /// A view model that searches with `search` once the queries have paused for `debounce`
    /// seconds.
    public init(
        debounce: TimeInterval = 0.3, search: @escaping @Sendable (String) -> Signal<[String], Never>
    ) {
        self.debounce = debounce
        self.search = search
    }

    /// Starts searching for `queries`, replacing any earlier binding.
    public func bind(to queries: Signal<String, Never>) {
        subscription?.dispose()
        subscription =
            queries
            .throttle(debounce)
            .flattenMap(search)
            .deliver(on: .main)
            .subscribe(
                next: { [weak self] results in
                    self?.results = results
                    self?.history.append(results)
                    self?.onChange?()
                },
                completed: { [weak self] in
                    self?.isFinished = true
                    self?.onChange?()
                })
    }

    /// Stops searching; nothing more is delivered.
    public func unbind() {
        subscription?.dispose()
        subscription = nil
    }
}
