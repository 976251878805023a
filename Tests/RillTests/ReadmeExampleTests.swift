import Rill
import RillTesting
import Synchronization
import Testing

/// The examples of README.md, as written there.
@Suite("README examples")
struct ReadmeExampleTests {
    @Test("the ten-line example ranks the long words and stops the infinite ranks")
    func tenLineExample() {
        let printed = Mutex<[String]>([])
        let words = Signal<String, Never>.from(["rill", "river", "sea", "ocean"])

        let subscription =
            words
            .filter { $0.count > 3 }
            .zip(with: Signal<Int, Never>.from(1...))
            .map { word, rank in "\(rank). \(word)" }
            .concat(.just("done"))
            .subscribe(next: { line in printed.withLock { $0.append(line) } })
        subscription.dispose()

        #expect(printed.withLock { $0 } == ["1. rill", "2. river", "3. ocean", "done"])
    }

    @Test("the RillTesting example: take stops the source after two values")
    func takeStopsTheSourceAfterTwoValues() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdSignal("-a-b-c-|")
        let recorder = scheduler.start { source.signal.take(2) }
        #expect(expectMarbles(recorder, "-a-(b|)"))
        #expect(expectSubscriptions(source, ["^--!"]))
    }
}
