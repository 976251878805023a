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
/// by the module's default, with no annotation. Every binding holds the model weakly and ends with
/// it, so there are no subscriptions to keep.
public final class FeedViewModel {
    /// What the user typed into the search field.
    public let query = MutableProperty("")
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
    ///   - articles: the articles as they arrive.
    ///   - reads: the ids of the articles the user read.
    ///   - search: the articles that match a query, from a service that may fail.
    ///   - scheduler: the clock of the throttle, the retries and the timeout.
    public init(
        articles: Signal<Article, Never>, reads: Signal<Int, Never>,
        search: @escaping @Sendable (String) -> Signal<[Article], FeedError>, scheduler: any Scheduler
    ) {
        let arrived = articles.share(replay: 1)

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
                    .materialize()
            }
            .share(replay: 1)

        matches.compactMap(\.value)
            .map { $0.map(\.title) }
            .deliver(on: .main)
            .bind(to: self, \.results)

        arrived.map(\.id)
            .merge(with: reads.map { -$0 })
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
        .combineLatest(with: arrived.scan(0) { count, _ in count + 1 }.prepend(0))
        .map { found, count in found.isEmpty ? "\(count) articles" : "\(found) in \(count) articles" }
        .deliver(on: .main)
        .bind(to: self, \.status)

        arrived.map(\.title)
            .zip(with: arrived.scan(0) { count, _ in count + 1 })
            .map { title, position in "\(position). \(title)" }
            .scan([String]()) { banners, banner in banners + [banner] }
            .deliver(on: .main)
            .bind(to: self, \.banners)
    }
}
