import Rill
import Synchronization
import Testing

// Testable: `onDedicatedThread(stackBytes:_:)` is internal to the test kit.
@testable import RillTesting

/// Chains deep enough that the core leaves work for the thread's outermost core frame (see
/// "Stack safety" in `docs/Contracts.md`) still keep every ordering rule: events in order, the
/// sources of `merge` in subscription order, serial delivery from many threads, and blocking
/// waits made from inside such a run.
///
/// A few thousand operators are far past the point where work is left for later, and few enough
/// to run under ThreadSanitizer.
@Suite("Deep chains keep their order")
struct DeepChainOrderTests {
    static let depth = 3_000

    static func mapped(_ signal: Signal<Int, Never>) -> Signal<Int, Never> {
        var chain = signal
        for _ in 0..<depth { chain = chain.map { $0 } }
        return chain
    }

    @Test("values through thousands of flatMaps arrive in order, then the completion")
    func flatMapsKeepOrder() async {
        let recorder = EventRecorder<Int, Never>()
        await onSmallStack {
            var chain = Signal<Int, Never>.from(1...100)
            for _ in 0..<Self.depth { chain = chain.flatMap(.merge) { .just($0) } }
            recorder.subscribe(to: chain)
        }
        #expect(recorder.events == (1...100).map { .next($0) } + [.completed])
    }

    @Test("merge of two deep synchronous chains sends the first one's values, then the second's")
    func mergeKeepsSubscriptionOrder() async {
        let recorder = EventRecorder<Int, Never>()
        await onSmallStack {
            let first = Self.mapped(.from([1, 2, 3]))
            let second = Self.mapped(.from([4, 5, 6]))
            recorder.subscribe(to: Signal.merge([first, second]))
        }
        #expect(recorder.events == (1...6).map { .next($0) } + [.completed])
    }

    @Test(
        "merge of a deep chain and a shallow signal: each source's values in order, the completion last"
    )
    func mergeOfDeepAndShallow() async {
        let recorder = EventRecorder<Int, Never>()
        await onSmallStack {
            recorder.subscribe(to: Signal.merge([Self.mapped(.from([1, 2, 3])), .from([4, 5])]))
        }
        // Past the stack budget the deep source's values are left for the outermost frame, so
        // the shallow source's may come first (docs/Contracts.md, "Stack safety"); what each
        // source sends stays in order, and nothing is lost.
        let values = recorder.values
        #expect(values.filter { $0 <= 3 } == [1, 2, 3])
        #expect(values.filter { $0 > 3 } == [4, 5])
        #expect(recorder.events.last == .completed)
    }

    @Test("a deep chain over a subject fed from 4 threads delivers serially, in each thread's order")
    func subjectFromManyThreads() async {
        let subject = Subject<Int, Never>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = Locked<[Int]>([])
        let subscription = Self.mapped(subject.signal).subscribe(next: { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            received.append(value)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        })
        await onDedicatedThread {
            onThreads(4) { thread in
                for index in 0..<500 { subject.sendNext(thread * 10_000 + index) }
            }
        }
        subscription.dispose()
        let values = received.value
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(values.count == 2_000)
        for thread in 0..<4 {
            let own = values.filter { $0 / 10_000 == thread }
            #expect(own == (0..<500).map { thread * 10_000 + $0 })
        }
    }

    @Test(
        "a deep chain of derived properties changed from 4 threads delivers every change serially, each thread's in order"
    )
    func derivedPropertiesFromManyThreads() async {
        let root = MutableProperty(0)
        // A thousand links of properties are far past the stack budget too, and each change
        // passes through all of them.
        let depth = 1_000
        var property = Property(root)
        for _ in 0..<depth { property = property.map { $0 + 1 } }
        let last = property
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = Locked<[Int]>([])
        let subscription = last.signal.subscribe(next: { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            received.append(value - depth)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        })
        await onDedicatedThread {
            onThreads(4) { thread in
                for index in 1...100 { root.value = thread * 10_000 + index }
            }
        }
        subscription.dispose()
        let values = received.value
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(values.count == 401)
        #expect(values.last == root.value)
        #expect(last.value == root.value + depth)
        for thread in 0..<4 {
            let own = values.dropFirst().filter { $0 / 10_000 == thread }
            #expect(own == (1...100).map { thread * 10_000 + $0 })
        }
    }

    @Test("a blocking wait made while a deep chain runs gets its value instead of waiting on the run")
    func blockingWaitInsideADeepRun() async {
        let firsts = Locked<[Int?]>([])
        await onSmallStack {
            let chain = Self.mapped(.from([1, 2]))
            chain.subscribe(next: { value in
                // The deep chain's own run has left work for later; this wait needs its value now.
                let first = try? Self.mapped(.just(value * 10)).first(timeout: 5)
                firsts.append(first ?? nil)
            })
        }
        #expect(firsts.value == [10, 20])
    }
}
