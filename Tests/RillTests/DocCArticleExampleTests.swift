import Foundation
import Observation
import Rill
import RillTesting
import Testing

// The Swift examples of the DocC articles in Sources/Rill/Rill.docc, as written there without their
// import lines: compiling this file compiles them, and `articlesShowTheseExamples` checks that every
// Swift block of the articles still stands here, however it is laid out.

@Test func takeStopsTheSourceAfterTwoValues() {
    let scheduler = TestScheduler()
    let source = scheduler.createColdSignal("-a-b-c-|")
    let recorder = scheduler.start { source.signal.take(2) }
    expectMarbles(recorder, "-a-(b|)")
    expectSubscriptions(source, ["^--!"])
}

// GettingStarted.md's typed-failure example, at the top level as a user would write it.
struct ScoreError: Error {}
func loadScore() async throws(ScoreError) -> Int { 42 }

let score = Signal<Int, ScoreError> { () async throws(ScoreError) -> Int in
    try await loadScore()
}

@Suite("DocC article examples")
struct DocCArticleExampleTests {
    @Test("Rill.md: the landing page's example sends the long words, uppercased")
    func landingPage() {
        let words = Signal<String, Never>.from(["rill", "river", "sea", "ocean"])

        let subscription =
            words
            .filter { $0.count > 3 }
            .map { $0.uppercased() }
            .subscribe(next: { print($0) })  // RILL, RIVER, OCEAN
        subscription.dispose()

        let recorder = words.filter { $0.count > 3 }.map { $0.uppercased() }.record()
        #expect(recorder.values == ["RILL", "RIVER", "OCEAN"])
        #expect(recorder.isCompleted)
    }

    @Test("GettingStarted.md: a long chain split at a named step sends the running totals")
    func longChainSplit() {
        func runningTotals(of counts: Signal<Int, Never>) -> Signal<Int, Never> {
            let requests = counts.flatMap(.merge) { .just($0 * 2) }
            return requests.scan(0) { (total: Int, value: Int) in total + value }
        }
        #expect(runningTotals(of: .from([1, 2, 3])).record().values == [2, 6, 12])
    }

    @Test("GettingStarted.md: signals made with just, from and create send what they say")
    func makingSignals() {
        let one = Signal<Int, Never>.just(1)
        let numbers = Signal<Int, Never>.from(1...3)

        struct Timeout: Error {}
        let ticket = Signal<String, Timeout>.create { subscriber in
            subscriber.sendNext("ticket 42")
            subscriber.sendCompleted()
            return nil
        }

        #expect(one.record().values == [1])
        #expect(numbers.record().values == [1, 2, 3])
        let tickets = ticket.record()
        #expect(tickets.values == ["ticket 42"])
        #expect(tickets.isCompleted)
    }

    @Test("GettingStarted.md: an async closure with its failure type written out makes a signal")
    func asyncTypedFailure() async throws {
        #expect(try await score.first() == 42)
    }

    @Test("GettingStarted.md: the first chain squares the even numbers and completes")
    func firstChain() {
        let subscription = Signal<Int, Never>.from(1...10)
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * $0 }
            .subscribe(next: { print($0) }, completed: { print("done") })

        subscription.dispose()

        let recorder = Signal<Int, Never>.from(1...10).filter { $0.isMultiple(of: 2) }.map { $0 * $0 }
            .record()
        #expect(recorder.values == [4, 16, 36, 64, 100])
        #expect(recorder.isCompleted)
    }

    @Test("ObservingState.md: the model's query, throttled and searched, sets its results")
    @MainActor
    func observingState() async {
        let scheduler = TestScheduler()
        var model: ObservingStateArticle.SearchModel? = ObservingStateArticle.SearchModel()
        weak let released = model
        model?.start(on: scheduler) { query in .just(["result for \(query)"]) }
        model?.query = "swift"
        // The change is read in a later turn of the main queue; the empty query, sent first, is
        // replaced by it within the throttle's interval.
        await mainQueueTurns()
        scheduler.advance(by: .milliseconds(300))
        #expect(model?.results == ["result for swift"])
        // The subscription holds the model weakly, so the model is released when its owner lets
        // it go; its signal then completes in a later turn of the main queue and ends the
        // subscription.
        model = nil
        #expect(released == nil)
        await mainQueueTurns(2)
    }

    /// The Swift blocks of `article` without their import lines. A package manifest, which SwiftPM
    /// compiles and no test can, is left out.
    static func swiftBlocks(of article: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if let block = current, trimmed == "```" {
                current = nil
                let code = block.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
                if !code.contains("// swift-tools-version") { blocks.append(code) }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// `text` without white space, so that a block matches its copy here however it is laid out.
    static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
    }

    @Test("Every Swift block of the DocC articles stands in this file, so it compiles")
    func articlesShowTheseExamples() throws {
        let here = URL(fileURLWithPath: #filePath)
        let catalog = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Rill/Rill.docc")
        let source = Self.squeezed(try String(contentsOf: here, encoding: .utf8))
        let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter {
            $0.hasSuffix(".md")
        }.sorted()
        var count = 0
        for article in articles {
            let text = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
            for block in Self.swiftBlocks(of: text) {
                count += 1
                let isHere = source.contains(Self.squeezed(block))
                #expect(
                    isHere,
                    "a Swift block of \(article) is not in \(here.lastPathComponent):\n\(block)")
            }
        }
        #expect(count >= 4, "the articles' Swift examples were found")
    }
}

/// ObservingState.md's model, nested so that its name, the article's, stays out of the way of other
/// tests' models.
enum ObservingStateArticle {
    @MainActor @Observable final class SearchModel {
        var query = ""
        var results: [String] = []
        private var subscription: (any Disposable)?

        func start(
            on scheduler: any Scheduler = QueueScheduler.main,
            search: @escaping @Sendable (String) -> Signal<[String], Never>
        ) {
            subscription = signal(for: \.query)
                .throttle(0.3, on: scheduler)
                .flatMapLatest(search)
                .deliver(on: .main)
                .subscribe(next: { [weak self] in self?.results = $0 })
        }
    }
}

/// BuildingAViewModel.md's model and test, nested so that their names, the article's, stay out of
/// the way of other tests'.
@Suite("BuildingAViewModel.md")
struct BuildingAViewModelArticle {
    struct Credentials: Sendable, Equatable {
        var email = ""
        var password = ""
        var isComplete: Bool { email.contains("@") && password.count >= 6 }
    }

    enum AuthError: Error, Equatable {
        case rejected
    }

    @MainActor @Observable final class SignInFormModel {
        var email = ""
        var password = ""
        private(set) var isSignInEnabled = false
        private(set) var isSigningIn = false
        private(set) var session: String?
        private(set) var errorMessage: String?

        let signIn: Command<Void, String, AuthError>
        private let credentials = MutableProperty(Credentials())

        init(service: @escaping @Sendable (Credentials) -> Signal<String, AuthError>) {
            signIn = Command(state: credentials, enabledIf: { $0.isComplete }) { credentials, _ in
                service(credentials)
            }
            credentials
                <~ signal(for: \.email).combineLatest(with: signal(for: \.password))
                .map { Credentials(email: $0, password: $1) }
            signIn.isEnabled.signal.deliver(on: .main).bind(to: self, \.isSignInEnabled)
            signIn.isExecuting.signal.deliver(on: .main).bind(to: self, \.isSigningIn)
            signIn.values.map { Optional($0) }.deliver(on: .main).bind(to: self, \.session)
            signIn.errors.map { Optional("\($0)") }.deliver(on: .main).bind(to: self, \.errorMessage)
        }

        func submit() {
            signIn.execute()
        }
    }

    @MainActor func nextMainTurn() async {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }

    @Test @MainActor func signingIn() async {
        let scheduler = TestScheduler()
        let model = SignInFormModel { credentials in
            Signal.just("session for \(credentials.email)").delay(1, on: scheduler)
        }
        model.email = "ada@example.com"
        model.password = "analytical"
        await nextMainTurn()
        #expect(model.isSignInEnabled)
        model.submit()
        #expect(model.isSigningIn)
        #expect(!model.isSignInEnabled)
        scheduler.advance(by: .seconds(1))
        #expect(model.session == "session for ada@example.com")
        #expect(!model.isSigningIn)
    }

    @Test("a rejected sign-in shows its error, and the released model takes its command with it")
    @MainActor func rejectedAndReleased() async {
        var model: SignInFormModel? = SignInFormModel { _ in .error(.rejected) }
        weak let weakModel = model
        weak let weakCommand = model?.signIn
        model?.email = "ada@example.com"
        model?.password = "analytical"
        await nextMainTurn()
        model?.submit()
        #expect(model?.errorMessage == "rejected")
        #expect(model?.session == nil)
        model = nil
        #expect(weakModel == nil)
        #expect(weakCommand == nil)
    }
}
