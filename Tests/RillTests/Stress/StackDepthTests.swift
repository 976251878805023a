import Rill
import RillTesting
import Testing

/// Every test here runs on a thread with a 512 KiB stack, where a recursion one frame per link
/// would overflow long before a million.
@Suite("Stack depth", .serialized)
struct StackDepthTests {
    static let million = TestScale.scaled(1_000_000)

    private func expectAll(_ tally: Tally, _ count: Int) {
        #expect(tally.count == count)
        #expect(tally.outOfOrder == 0)
        #expect(tally.completedCount == 1)
        #expect(tally.errorCount == 0)
        #expect(tally.eventsAfterTerminal == 0)
    }

    @Test("concat of 1,000,000 just signals built one by one runs and is released on a 512 KiB stack")
    func concatJustChainBuiltOneByOne() async {
        let tally = Tally()
        let nameLength = Locked(0)
        await onSmallStack {
            var chain = Signal<Int, Never>.just(0)
            for index in 1..<Self.million { chain = chain.concat(.just(index)) }
            nameLength.value = chain.name.count
            tally.subscribe(to: chain)
            // `chain` is released here, on the small stack.
        }
        expectAll(tally, Self.million)
        #expect(nameLength.value > 0)
    }

    @Test("concat of 1,000,000 just signals folded over an array runs on a 512 KiB stack")
    func concatJustFold() async {
        let tally = Tally()
        await onSmallStack {
            let signals = (0..<Self.million).map { Signal<Int, Never>.just($0) }
            let chain = signals.reduce(Signal<Int, Never>.empty) { $0.concat($1) }
            tally.subscribe(to: chain)
        }
        expectAll(tally, Self.million)
    }

    @Test("releasing a 1,000,000-link concat chain without subscribing does not overflow")
    func releaseUnsubscribedChain() async {
        let built = Counter()
        await onSmallStack {
            var chain = Signal<Int, Never>.empty
            for index in 0..<Self.million { chain = chain.concat(.just(index)) }
            built.increment()
        }
        #expect(built.value == 1)
    }

    @Test("a right-nested chain of 1,000,000 concats runs and is released on a 512 KiB stack")
    func concatRightNested() async {
        let tally = Tally()
        await onSmallStack {
            var chain = Signal<Int, Never>.just(Self.million - 1)
            for index in stride(from: Self.million - 2, through: 0, by: -1) {
                chain = Signal.just(index).concat(chain)
            }
            tally.subscribe(to: chain)
        }
        expectAll(tally, Self.million)
    }

    @Test("concat of 1,000,000 from([i]) parts runs on a 512 KiB stack")
    func concatFromParts() async {
        let tally = Tally()
        await onSmallStack {
            let chain = (0..<Self.million).reduce(Signal<Int, Never>.empty) { $0.concat(.from([$1])) }
            tally.subscribe(to: chain)
        }
        expectAll(tally, Self.million)
    }

    @Test("concat of 200,000 create-made parts runs on a 512 KiB stack")
    func concatCreateParts() async {
        let count = 200_000
        let tally = Tally()
        let disposals = Counter()
        await onSmallStack {
            var chain = Signal<Int, Never>.empty
            for index in 0..<count {
                chain = chain.concat(
                    Signal.create { subscriber in
                        subscriber.sendNext(index)
                        subscriber.sendCompleted()
                        return ActionDisposable { disposals.increment() }
                    })
            }
            tally.subscribe(to: chain)
        }
        expectAll(tally, count)
        #expect(disposals.value == count)
    }

    @Test(
        "bind over 1,000,000 synchronous values with synchronous non-constant inner signals runs on a 512 KiB stack"
    )
    func bindMillion() async {
        let tally = Tally()
        await onSmallStack {
            tally.subscribe(to: Signal<Int, Never>.from(0..<Self.million).bind { { .merge(.from([$0])) } })
        }
        expectAll(tally, Self.million)
    }

    @Test("bind over 200,000 values with create-made inner signals runs on a 512 KiB stack")
    func bindCreateInners() async {
        let count = 200_000
        let tally = Tally()
        await onSmallStack {
            let bound = Signal<Int, Never>.from(0..<count).bind {
                { value in
                    .merge(
                        Signal.create { subscriber in
                            subscriber.sendNext(value)
                            subscriber.sendCompleted()
                            return nil
                        })
                }
            }
            tally.subscribe(to: bound)
        }
        expectAll(tally, count)
    }

    @Test("a synchronous source re-entered 1,000,000 times from its own subscriber runs on a 512 KiB stack")
    func reentrantMillion() async {
        let tally = Tally()
        await onSmallStack {
            let box = Locked<Subscriber<Int, Never>?>(nil)
            let source = Signal<Int, Never>.create { subscriber in
                box.value = subscriber
                subscriber.sendNext(0)
                return nil
            }
            source.subscribe(
                next: { value in
                    tally.next(value)
                    guard let subscriber = box.value else { return }
                    if value + 1 < Self.million {
                        subscriber.sendNext(value + 1)
                    } else {
                        subscriber.sendCompleted()
                    }
                },
                completed: { tally.completed() })
            box.value = nil
        }
        expectAll(tally, Self.million)
    }

    @Test("a source re-entered 200,000 times through bind and concat runs on a 512 KiB stack")
    func reentrantThroughOperators() async {
        let count = 200_000
        let tally = Tally()
        await onSmallStack {
            let box = Locked<Subscriber<Int, Never>?>(nil)
            let source = Signal<Int, Never>.create { subscriber in
                box.value = subscriber
                return nil
            }
            let chain = source.bind { { .merge(.from([$0])) } }.concat(.empty)
            chain.subscribe(
                next: { value in
                    tally.next(value)
                    guard let subscriber = box.value else { return }
                    if value + 1 < count {
                        subscriber.sendNext(value + 1)
                    } else {
                        subscriber.sendCompleted()
                    }
                },
                completed: { tally.completed() })
            box.value?.sendNext(0)
            box.value = nil
        }
        expectAll(tally, count)
    }

    @Test("a chain of 1,000,000 concats each given a name runs and is released on a 512 KiB stack")
    func namedConcatChain() async {
        // Derived operators name their result (RAC's -setNameWithFormat:), so a chain built by
        // one of them, such as a repeated startWith, is a chain of named concat links.
        let tally = Tally()
        await onSmallStack {
            var chain = Signal<Int, Never>.empty
            for index in 0..<Self.million { chain = chain.concat(.just(index)).named("step \(index)") }
            tally.subscribe(to: chain)
        }
        expectAll(tally, Self.million)
    }

    static let wide = TestScale.scaled(100_000)

    /// `count` signals made with `create`, so that no operator can see through them; the i-th
    /// sends `i` (and `i + count` if `twice`), then completes.
    private static func createSignals(_ count: Int, twice: Bool = false) -> [Signal<Int, Never>] {
        (0..<count).map { index in
            Signal.create { subscriber in
                subscriber.sendNext(index)
                if twice { subscriber.sendNext(index + count) }
                subscriber.sendCompleted()
                return nil
            }
        }
    }

    @Test("zip of 100,000 create-made signals runs and is released on a 512 KiB stack")
    func zipWide() async {
        let arrays = Locked<[[Int]]>([])
        let completions = Counter()
        await onSmallStack {
            let zipped = Signal.zip(Self.createSignals(Self.wide, twice: true))
            zipped.subscribe(next: { arrays.append($0) }, completed: { completions.increment() })
        }
        #expect(arrays.value == [Array(0..<Self.wide), Array(Self.wide..<2 * Self.wide)])
        #expect(completions.value == 1)
    }

    @Test("zip of 100,000 from sequences runs in step on a 512 KiB stack")
    func zipWideSequences() async {
        let arrays = Locked<[[Int]]>([])
        let completions = Counter()
        await onSmallStack {
            let zipped = Signal.zip((0..<Self.wide).map { Signal<Int, Never>.from([$0, -$0]) })
            zipped.subscribe(next: { arrays.append($0) }, completed: { completions.increment() })
        }
        #expect(arrays.value == [Array(0..<Self.wide), (0..<Self.wide).map { -$0 }])
        #expect(completions.value == 1)
    }

    @Test("combineLatest of 100,000 create-made signals runs and is released on a 512 KiB stack")
    func combineLatestWide() async {
        let arrays = Locked<[[Int]]>([])
        let completions = Counter()
        await onSmallStack {
            let combined = Signal.combineLatest(Self.createSignals(Self.wide))
            combined.subscribe(next: { arrays.append($0) }, completed: { completions.increment() })
        }
        #expect(arrays.value == [Array(0..<Self.wide)])
        #expect(completions.value == 1)
    }

    @Test("combineLatest of 20,000 subjects sends each new latest array on a 512 KiB stack")
    func combineLatestWideSubjects() async {
        let count = 20_000
        let sums = Locked<[Int]>([])
        await onSmallStack {
            let subjects = (0..<count).map { _ in Subject<Int, Never>() }
            let subscription = Signal.combineLatest(subjects.map(\.signal)).subscribe(next: { values in
                sums.append(values.reduce(0, +))
            })
            for subject in subjects { subject.sendNext(1) }
            subjects[0].sendNext(2)
            subscription.dispose()
        }
        #expect(sums.value == [count, count + 1])
    }

    @Test("merge of 100,000 create-made signals runs and is released on a 512 KiB stack")
    func mergeWide() async {
        let tally = Tally()
        await onSmallStack {
            tally.subscribe(to: Signal.merge(Self.createSignals(Self.wide)))
        }
        expectAll(tally, Self.wide)
    }

    static let deep = TestScale.scaled(100_000)

    @Test("a chain of 1,000 lifted operators, past many checkpoints, delivers every event in order")
    func liftedChainDelivers() {
        var chain = Signal<Int, Never>.from([0, 1_000, 2_000])
        for index in 0..<1_000 {
            chain = index % 2 == 0 ? chain.map { $0 + 1 } : chain.filter { $0 != 250 }
        }
        let events = Locked<[String]>([])
        chain.subscribe(next: { events.append("\($0)") }, completed: { events.append("|") })
        // 0 reaches 250 on the way and is dropped there.
        #expect(events.value == ["1500", "2500", "|"])
        #expect(chain.name.hasSuffix("-filter:"))
    }

    @Test("a chain of 100,000 maps over a subject is subscribed, disposed and released on a 512 KiB stack")
    func mapChain() async {
        let released = Flag()
        let values = Locked<[Int]>([])
        await onSmallStack {
            let subject = Subject<Int, Never>()
            var chain = subject.signal
            for _ in 0..<Self.deep { chain = chain.map { $0 + 1 } }
            weak var weakToken: Token?
            let subscription: any Disposable
            do {
                let token = Token()
                weakToken = token
                subscription = chain.subscribe(next: { value in
                    token.touch()
                    values.append(value)
                })
            }
            subscription.dispose()
            subject.sendNext(0)
            chain = .empty
            if weakToken == nil { released.set() }
        }
        #expect(values.value.isEmpty)
        #expect(released.isSet)
    }

    @Test(
        "a chain of 100,000 mixed unary operators over a create signal is released on disposal on a 512 KiB stack"
    )
    func mixedChainDisposed() async {
        let released = Flag()
        await onSmallStack {
            let source = Locked<Subscriber<Int, Never>?>(nil)
            var chain = Signal<Int, Never>.create { subscriber in
                source.value = subscriber
                return nil
            }
            for index in 0..<Self.deep {
                switch index % 4 {
                case 0: chain = chain.map { $0 + 1 }
                case 1: chain = chain.filter { _ in true }
                case 2: chain = chain.take(Int.max)
                default: chain = chain.skip(0)
                }
            }
            weak var weakToken: Token?
            let subscription: any Disposable
            do {
                let token = Token()
                weakToken = token
                subscription = chain.subscribe(next: { _ in token.touch() })
            }
            #expect(source.value != nil)
            source.value = nil
            subscription.dispose()
            chain = .empty
            if weakToken == nil { released.set() }
        }
        #expect(released.isSet)
    }

    @Test("releasing a chain of 100,000 maps that was never subscribed does not overflow a 512 KiB stack")
    func releaseUnsubscribedMapChain() async {
        let built = Counter()
        await onSmallStack {
            var chain = Signal<Int, Never>.never
            for _ in 0..<Self.deep { chain = chain.map { $0 + 1 } }
            #expect(chain.name.hasSuffix("-map:"))
            built.increment()
        }
        #expect(built.value == 1)
    }
}
