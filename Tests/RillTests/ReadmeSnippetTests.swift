import Foundation
import Rill
import RillTesting
import Testing

// The Swift blocks of README.md, as written there, inside tests that give them what they use, so
// that compiling this file compiles them; `readmeShowsTheseExamples` checks that every block still
// stands in this file or in another that compiles it, however it is laid out.

// README's typed-failure example, at the top level as a user would write it.
struct APIError: Error {}
func fetchUser(id: Int) async throws(APIError) -> String { "ada" }

let user = Signal<String, APIError> { () async throws(APIError) -> String in
    try await fetchUser(id: 1)
}

@Suite("README examples, verbatim")
struct ReadmeSnippetTests {
    @Test("the first example ranks the long words")
    func firstExample() {
        let words = Signal<String, Never>.from(["rill", "river", "sea", "ocean"])

        let subscription =
            words
            .filter { $0.count > 3 }
            .zip(with: Signal<Int, Never>.from(1...))
            .map { word, rank in "\(rank). \(word)" }
            .concat(.just("done"))
            .subscribe(next: { print($0) })  // 1. rill  2. river  3. ocean  done
        subscription.dispose()  // stops delivery and releases the whole chain

        let ranked = words.filter { $0.count > 3 }.zip(with: Signal<Int, Never>.from(1...))
            .map { word, rank in "\(rank). \(word)" }.concat(.just("done")).record()
        #expect(ranked.values == ["1. rill", "2. river", "3. ocean", "done"])
    }

    @Test("errors and async/await: the parse fails at x, and the recovery cannot fail")
    func errorsAndAsync() async {
        struct ParseError: Error { var text: String }

        let parsed = Signal<String, ParseError>.from(["1", "2", "x"])
            .tryMap { (text) throws(ParseError) -> Int in
                guard let number = Int(text) else { throw ParseError(text: text) }
                return number
            }

        do {
            for try await number in parsed.values { print(number) }  // 1  2
        } catch {
            print("not a number: \(error.text)")  // error is a ParseError
        }

        let recovered = parsed.catch { _ in Signal<Int, Never>.just(0) }
        for await number in recovered.values { print(number) }  // 1  2  0: it cannot fail

        #expect(parsed.record().failure?.text == "x")
        #expect(recovered.record().values == [1, 2, 0])
    }

    @Test("a typed failure from async code: the closure's type is written out")
    func typedThrows() async throws {
        #expect(try await user.first() == "ada")
    }

    struct Profile: Equatable, Sendable { var name: String }
    struct APIError: Error, Equatable {}

    /// Where README's sharing example shows a profile, and saves it.
    final class ProfileSink: Sendable {
        let shown = Locked<[Profile]>([])
        func show(_ profile: Profile) { shown.append(profile) }
        func save(_ profile: Profile) { shown.append(profile) }
    }

    @Test("share(replay:) runs the request once for both subscribers")
    func sharing() {
        let header = ProfileSink()
        let cache = ProfileSink()
        let bag = DisposeBag()
        let live = Subject<Profile, APIError>()
        let requests = Counter()
        let request = live.signal.on(subscribe: { requests.increment() })

        let profile = request.share(replay: 1)
        profile.subscribe(next: { header.show($0) }).store(in: bag)
        profile.subscribe(next: { cache.save($0) }).store(in: bag)  // one request for both

        live.send(Profile(name: "ada"))
        #expect(requests.value == 1)
        #expect(header.shown.value == [Profile(name: "ada")])
        #expect(cache.shown.value == [Profile(name: "ada")])
        bag.dispose()
    }

    @Test("a screen that leaves nothing running, counted")
    func leakCheck() {
        final class Screen: Sendable {
            let events = Subject<Int, Never>()
            let bag = DisposeBag()
            func appear() { events.map { $0 + 1 }.subscribe().store(in: bag) }
            func disappear() { bag.dispose() }
        }
        let screen = Screen()

        let counter = LiveSubscriptionCounter()
        counter.track { screen.appear() }
        screen.disappear()
        #expect(counter.count == 0)
    }

    // MARK: - README.md shows these examples

    /// The files whose Swift README's blocks stand in: this one, the other README tests, and the
    /// sources and tests that compile the README's longer examples.
    static let compiledFiles = [
        "Tests/RillTests/ReadmeSnippetTests.swift",
        "Tests/RillTests/Hot/ReadmeSharingTests.swift",
        "Tests/RillTests/Scheduling/MainActorAPIUsageTests.swift",
        "Tests/RillTests/DocCArticleExampleTests.swift",
        "Examples/MainActorViewModel/Sources/SearchFeature/SearchViewModel.swift",
        "Examples/MainActorViewModel/Sources/FeedFeature/FeedViewModel.swift",
    ]

    @Test("Every Swift block of README.md stands in a file that compiles it")
    func readmeShowsTheseExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = try Self.compiledFiles.map { path in
            DocCArticleExampleTests.squeezed(
                try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = DocCArticleExampleTests.swiftBlocks(of: readme)
        for block in blocks {
            let squeezed = DocCArticleExampleTests.squeezed(block)
            #expect(
                sources.contains { $0.contains(squeezed) },
                "a Swift block of README.md is in none of \(Self.compiledFiles):\n\(block)")
        }
        #expect(blocks.count >= 9, "README's Swift examples were found")
    }
}
