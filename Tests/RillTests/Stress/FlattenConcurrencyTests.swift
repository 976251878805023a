import Dispatch
import Rill
import Testing

/// Flattening with inner signals that run on other threads: the limit holds, every value
/// arrives once, and the result ends once.
@Suite("Flattening across threads")
struct FlattenConcurrencyTests {
    static let count = 2_000

    /// Inner signals that each send their index and complete on a global queue, reporting to
    /// `detector` while they run.
    private static func asynchronousInners(_ detector: OverlapDetector) -> Signal<Signal<Int, Never>, Never> {
        Signal.from(
            (0..<count).map { index in
                Signal<Int, Never>.create { subscriber in
                    detector.enter()
                    DispatchQueue.global().async {
                        subscriber.sendNext(index)
                        detector.leave()
                        subscriber.sendCompleted()
                    }
                    return nil
                }
            })
    }

    @Test(
        "concurrent(limit:) never runs more than its limit and delivers every value once",
        arguments: [1, 3])
    func limitHolds(_ limit: Int) {
        let detector = OverlapDetector()
        let values = Locked<[Int]>([])
        let completions = Counter()
        let finished = DispatchSemaphore(value: 0)
        Self.asynchronousInners(detector).flatten(.concurrent(limit: limit)).subscribe(
            next: { values.append($0) },
            completed: {
                completions.increment()
                finished.signal()
            })
        #expect(finished.wait(timeout: HangGuard.deadline) == .success)
        #expect(detector.deepest <= limit)
        #expect(values.value.sorted() == Array(0..<Self.count))
        #expect(completions.value == 1)
        if limit == 1 { #expect(values.value == Array(0..<Self.count)) }
    }

    @Test("latest and exhaust end once, with values only from inner signals they ran, across threads")
    func latestAndExhaustEndOnce() {
        for strategy in [FlattenStrategy.latest, .exhaust, .race] {
            let detector = OverlapDetector()
            let values = Locked<[Int]>([])
            let completions = Counter()
            let finished = DispatchSemaphore(value: 0)
            Self.asynchronousInners(detector).flatten(strategy).subscribe(
                next: { values.append($0) },
                completed: {
                    completions.increment()
                    finished.signal()
                })
            #expect(finished.wait(timeout: HangGuard.deadline) == .success, "\(strategy)")
            #expect(completions.value == 1, "\(strategy)")
            #expect(Set(values.value).count == values.value.count, "\(strategy) sent a value twice")
            if strategy == .latest { #expect(values.value.last == Self.count - 1) }
            if strategy == .race { #expect(values.value.count == 1) }
        }
    }
}
