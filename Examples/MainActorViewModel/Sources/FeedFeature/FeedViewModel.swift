import Foundation
import Rill

// This module builds with approachable concurrency: every declaration is main-actor isolated
// unless it says otherwise, and async functions run on their caller's actor. Values that travel
// through signals, from thread to thread, are declared `nonisolated`, which is also what lets a
// key path such as `\.title` be used as an operator's function.

/// An article of the feed.
nonisolated public struct Article: Sendable, Hashable {
    public var id: Int
    public var title: String
    public var tags: [String]

    public init(id: Int, title: String, tags: [String]) {
        self.id = id
        self.title = title
        self.tags = tags
    }
}

/// Why loading failed.
nonisolated public enum FeedError: Error, Equatable {
    case offline
}

/// A feed screen: articles arrive and are read, and the user searches them. Main-actor isolated
/// by the module's default, with no annotation. Every binding holds the model weakly and ends
/// when the model's lifetime ends, at its release, so there are no subscriptions to keep.
public final class FeedViewModel: LifetimeProviding {
    /// Ends when the model is released, and with it every binding to the model.
    public nonisolated let lifetime: Lifetime
    private let lifetimeToken: Lifetime.Token

    /// What the user typed into the search field.
    public let query = MutableProperty("")
    /// Whether a search is running, for the activity indicator.
    public private(set) var isSearching = false
    /// The titles that match the latest query.
    public private(set) var results: [String] = []
    /// How many arrived articles are not read yet.
    public private(set) var unread = 0
    /// The first three tags seen, for the header.
    public private(set) var topTags = ""
    /// A summary line, or what went wrong.
    public private(set) var status = ""
    /// The title of the latest article, shown as a banner, and its position in the feed.
    public private(set) var banners: [String] = []

    /// - Parameters:
    ///   - articles: the articles as they arrive: a signal, or the subject that sends them.
    ///   - reads: the ids of the articles the user read: a signal, or a subject.
    ///   - search: the articles that match a query, from a service that may fail.
    ///   - scheduler: the clock of the throttle, the retries and the timeout.
    public init(
        articles: some SignalConvertible<Article, Never>, reads: some SignalConvertible<Int, Never>,
        search: @escaping @Sendable (String) -> Signal<[Article], FeedError>, scheduler: any Scheduler
    ) {
        (lifetime, lifetimeToken) = Lifetime.make()
        let arrived = articles.signal.share(replay: 1)
        // +1 as a search attempt starts, -1 as it ends, fails or is replaced by a newer query.
        let attempts = Subject<Int, Never>()

        let matches = query.signal
            .skip(1)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .throttle(0.3, on: scheduler)
            .flatMapLatest { text in
                search(text)
                    .retry(upTo: 2, backoff: .exponential(initial: 1), on: scheduler)
                    .timeout(10, on: scheduler, failure: .offline)
                    .on(subscribe: { attempts.send(1) })
                    .on(dispose: { attempts.send(-1) })
                    .materialize()
            }
            .share(replay: 1)

        attempts.scan(0, +)
            .map { $0 > 0 }
            .removeDuplicates()
            .deliver(on: .main)
            .bind(to: self, \.isSearching)

        matches.compactMap(\.value)
            .map { $0.map(\.title) }
            .deliver(on: .main)
            .bind(to: self, \.results)

        arrived.map(\.id)
            .merge(with: reads.signal.map { -$0 })
            .scan(Set<Int>()) { unread, id in id > 0 ? unread.union([id]) : unread.subtracting([-id]) }
            .map(\.count)
            .deliver(on: .main)
            .bind(to: self, \.unread)

        arrived.compactMap(\.tags.first)
            .distinct()
            .take(3)
            .collect()
            .map { $0.joined(separator: ", ") }
            .deliver(on: .main)
            .bind(to: self, \.topTags)

        matches.map { event in
            switch event {
            case .next(let found): "\(found.count) found"
            case .error: "offline"
            case .completed: nil
            }
        }
        .compactMap { $0 }
        .prepend("")
        .combineLatest(with: arrived.countingUp().prepend(0))
        .map { found, count in found.isEmpty ? "\(count) articles" : "\(found) in \(count) articles" }
        .deliver(on: .main)
        .bind(to: self, \.status)

        arrived.map(\.title)
            .zip(with: arrived.countingUp())
            .map { title, position in "\(position). \(title)" }
            .scan([String]()) { banners, banner in banners + [banner] }
            .deliver(on: .main)
            .bind(to: self, \.banners)
    }
}
