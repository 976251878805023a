import Dispatch
import Rill
import Testing

@Suite("Disposables")
struct DisposableTests {
    @Suite("ActionDisposable")
    struct ActionDisposableTests {
        @Test("ActionDisposable runs its action on the first dispose only")
        func runsOnce() {
            let runs = Counter()
            let disposable = ActionDisposable { runs.increment() }
            #expect(!disposable.isDisposed)
            #expect(runs.value == 0)
            disposable.dispose()
            #expect(disposable.isDisposed)
            #expect(runs.value == 1)
            disposable.dispose()
            #expect(runs.value == 1)
        }

        @Test("ActionDisposable without an action can be disposed")
        func emptyAction() {
            let disposable = ActionDisposable()
            #expect(!disposable.isDisposed)
            disposable.dispose()
            #expect(disposable.isDisposed)
        }

        @Test("ActionDisposable releases its action once disposed")
        func releasesAction() {
            weak var weakToken: Token?
            let disposable: ActionDisposable
            do {
                let token = Token()
                weakToken = token
                disposable = ActionDisposable { token.touch() }
            }
            #expect(weakToken != nil)
            disposable.dispose()
            #expect(weakToken == nil)
        }

        @Test("ActionDisposable runs its action exactly once under concurrent dispose")
        func concurrentDispose() {
            for _ in 0..<200 {
                let runs = Counter()
                let disposable = ActionDisposable { runs.increment() }
                onThreads(4) { _ in disposable.dispose() }
                #expect(runs.value == 1)
            }
        }

        @Test("ActionDisposable reports itself disposed while its action runs")
        func disposedDuringAction() {
            let seen = Locked<Bool?>(nil)
            let holder = Locked<ActionDisposable?>(nil)
            let disposable = ActionDisposable { seen.value = holder.value?.isDisposed }
            holder.value = disposable
            disposable.dispose()
            #expect(seen.value == true)
            holder.value = nil
        }
    }

    @Suite("CompositeDisposable")
    struct CompositeDisposableTests {
        @Test("CompositeDisposable disposes its entries in the order they were added")
        func disposeOrder() {
            let log = Locked<[Int]>([])
            let composite = CompositeDisposable()
            for index in 0..<5 { composite.add { log.append(index) } }
            #expect(log.value.isEmpty)
            composite.dispose()
            #expect(log.value == [0, 1, 2, 3, 4])
            #expect(composite.isDisposed)
        }

        @Test("CompositeDisposable created with an array holds those disposables")
        func initWithArray() {
            let entries = [CountingDisposable(), CountingDisposable()]
            let composite = CompositeDisposable(entries)
            #expect(entries.allSatisfy { !$0.isDisposed })
            composite.dispose()
            #expect(entries.allSatisfy { $0.disposeCount == 1 })
        }

        @Test("CompositeDisposable disposes what is added after it was disposed at once")
        func addAfterDispose() {
            let composite = CompositeDisposable()
            composite.dispose()
            let late = CountingDisposable()
            composite.add(late)
            #expect(late.disposeCount == 1)
            let ran = Counter()
            composite.add { ran.increment() }
            #expect(ran.value == 1)
        }

        @Test("CompositeDisposable ignores nil")
        func addNil() {
            let composite = CompositeDisposable()
            composite.add(nil as (any Disposable)?)
            composite.dispose()
            #expect(composite.isDisposed)
        }

        @Test("CompositeDisposable does not dispose an entry that was removed")
        func removeEntry() {
            let kept = CountingDisposable()
            let removed = CountingDisposable()
            let composite = CompositeDisposable([kept, removed])
            composite.remove(removed)
            composite.dispose()
            #expect(kept.disposeCount == 1)
            #expect(removed.disposeCount == 0)
        }

        @Test(
            "CompositeDisposable disposes what was not removed, in the order it was added, whatever was removed",
            arguments: [
                [0], [9], [5], [0, 1, 2], [9, 8, 7], [0, 9, 1, 8], [2, 4, 6, 8], [1, 3, 5, 7, 9, 0],
                Array(0..<9), Array((1..<10).reversed()), [4, 5, 3, 6, 2, 7, 1, 8],
            ])
        func removalsKeepOrder(_ removed: [Int]) {
            let log = Locked<[Int]>([])
            let entries = (0..<10).map { index in ActionDisposable { log.value.append(index) } }
            let composite = CompositeDisposable()
            for entry in entries { composite.add(entry) }
            for index in removed { composite.remove(entries[index]) }
            // Removing an entry twice, or one that was never added, changes nothing.
            if let index = removed.first { composite.remove(entries[index]) }
            composite.remove(ActionDisposable())
            let late = ActionDisposable { log.value.append(10) }
            composite.add(late)
            composite.dispose()
            #expect(log.value == (0..<10).filter { !removed.contains($0) } + [10])
            #expect(removed.allSatisfy { !entries[$0].isDisposed })
        }

        @Test(
            "CompositeDisposable children that end in any order leave the others, disposed in the order they were added",
            arguments: [1, 2, 3])
        func childrenEndingInAnyOrder(seed: UInt64) {
            var generator = SeededGenerator(seed: seed)
            let log = Locked<[Int]>([])
            let parent = CompositeDisposable()
            let children = (0..<1_000).map { index in
                let child = parent.child()
                child.add { log.value.append(index) }
                return child
            }
            // Two thirds end on their own, in a shuffled order, which compacts the parent's
            // entries several times and so moves the children that are left.
            let ending = Array((0..<1_000).shuffled(using: &generator).prefix(667))
            for index in ending { children[index].dispose() }
            #expect(log.value == ending)
            log.value = []
            parent.dispose()
            let ended = Set(ending)
            #expect(log.value == (0..<1_000).filter { !ended.contains($0) })
            #expect(children.allSatisfy { $0.isDisposed })
        }

        @Test(
            "CompositeDisposable removes children that end in the order they were added, or shuffled, in linear time",
            arguments: [false, true])
        func removalsAreLinear(shuffled: Bool) {
            // A removal that searched from the newest entry alone was quadratic in both.
            expectLinearTime(from: 10_000, of: "children") { count in
                var generator = SeededGenerator(seed: UInt64(count))
                let parent = CompositeDisposable()
                var children = (0..<count).map { _ in parent.child() }
                if shuffled { children.shuffle(using: &generator) }
                let elapsed = measureThreadTime {
                    for child in children { child.dispose() }
                }
                let entry = CountingDisposable()
                parent.add(entry)
                parent.dispose()
                #expect(entry.disposeCount == 1)
                return elapsed
            }
        }

        @Test("CompositeDisposable disposes each entry once when disposed twice")
        func disposeTwice() {
            let entry = CountingDisposable()
            let composite = CompositeDisposable([entry])
            composite.dispose()
            composite.dispose()
            #expect(entry.disposeCount == 1)
        }

        @Test("CompositeDisposable children are disposed with their parent")
        func childDisposedWithParent() {
            let parent = CompositeDisposable()
            let child = parent.child()
            let grandchild = child.child()
            let entry = CountingDisposable()
            grandchild.add(entry)
            parent.dispose()
            #expect(child.isDisposed && grandchild.isDisposed)
            #expect(entry.disposeCount == 1)
        }

        @Test("CompositeDisposable child disposed alone leaves its parent and siblings running")
        func childDisposedAlone() {
            let parent = CompositeDisposable()
            let sibling = parent.child()
            let child = parent.child()
            child.dispose()
            #expect(!parent.isDisposed)
            #expect(!sibling.isDisposed)
            let entry = CountingDisposable()
            sibling.add(entry)
            parent.dispose()
            #expect(entry.disposeCount == 1)
        }

        @Test("CompositeDisposable child removes itself from its parent when disposed")
        func childRemovesItself() {
            let parent = CompositeDisposable()
            weak var weakChild: CompositeDisposable?
            do {
                let child = parent.child()
                weakChild = child
                child.dispose()
            }
            // The parent no longer holds the child, so nothing keeps it alive.
            #expect(weakChild == nil)
            #expect(!parent.isDisposed)
        }

        @Test("CompositeDisposable child of a disposed parent is disposed at once")
        func childOfDisposedParent() {
            let parent = CompositeDisposable()
            parent.dispose()
            let child = parent.child()
            #expect(child.isDisposed)
            let entry = CountingDisposable()
            child.add(entry)
            #expect(entry.disposeCount == 1)
        }

        @Test("CompositeDisposable disposes every entry exactly once under concurrent dispose")
        func concurrentDispose() {
            for _ in 0..<100 {
                let entries = (0..<50).map { _ in CountingDisposable() }
                let composite = CompositeDisposable(entries)
                onThreads(4) { _ in composite.dispose() }
                #expect(entries.allSatisfy { $0.disposeCount == 1 })
            }
        }

        @Test("CompositeDisposable disposes every entry exactly once when adds race with dispose")
        func concurrentAddAndDispose() {
            for _ in 0..<50 {
                let composite = CompositeDisposable()
                let entries = (0..<400).map { _ in CountingDisposable() }
                onThreads(4) { thread in
                    if thread == 3 {
                        composite.dispose()
                    } else {
                        for index in stride(from: thread, to: entries.count, by: 3) {
                            composite.add(entries[index])
                        }
                    }
                }
                #expect(entries.allSatisfy { $0.disposeCount == 1 })
            }
        }

        @Test("CompositeDisposable children created and disposed concurrently are all removed")
        func concurrentChildren() {
            let parent = CompositeDisposable()
            let survivors = Counter()
            onThreads(4) { _ in
                for _ in 0..<1_000 {
                    weak var weakChild: CompositeDisposable?
                    do {
                        let child = parent.child()
                        weakChild = child
                        child.dispose()
                    }
                    if weakChild != nil { survivors.increment() }
                }
            }
            #expect(survivors.value == 0)
            let entry = CountingDisposable()
            parent.add(entry)
            parent.dispose()
            #expect(entry.disposeCount == 1)
        }
    }

    @Suite("SerialDisposable")
    struct SerialDisposableTests {
        @Test("SerialDisposable disposes the inner disposable it replaces")
        func replacementDisposesOld() {
            let serial = SerialDisposable()
            let first = CountingDisposable()
            let second = CountingDisposable()
            serial.inner = first
            #expect(serial.inner === first)
            serial.inner = second
            #expect(first.disposeCount == 1)
            #expect(second.disposeCount == 0)
            #expect(serial.inner === second)
        }

        @Test("SerialDisposable swap returns the old inner undisposed")
        func swapReturnsOld() {
            let first = CountingDisposable()
            let second = CountingDisposable()
            let serial = SerialDisposable(first)
            let old = serial.swap(second)
            #expect(old === first)
            #expect(first.disposeCount == 0)
            #expect(serial.inner === second)
        }

        @Test("SerialDisposable disposes its inner disposable when disposed, once")
        func disposeDisposesInner() {
            let inner = CountingDisposable()
            let serial = SerialDisposable(inner)
            serial.dispose()
            serial.dispose()
            #expect(serial.isDisposed)
            #expect(inner.disposeCount == 1)
            #expect(serial.inner == nil)
        }

        @Test("SerialDisposable disposes a new inner at once after it was disposed")
        func assignAfterDispose() {
            let serial = SerialDisposable()
            serial.dispose()
            let late = CountingDisposable()
            serial.inner = late
            #expect(late.disposeCount == 1)
            #expect(serial.inner == nil)
            let swapped = CountingDisposable()
            #expect(serial.swap(swapped) == nil)
            #expect(swapped.disposeCount == 1)
        }

        @Test("SerialDisposable disposes every inner exactly once when replaced and disposed concurrently")
        func concurrentReplacement() {
            for _ in 0..<50 {
                let serial = SerialDisposable()
                let inners = (0..<400).map { _ in CountingDisposable() }
                onThreads(4) { thread in
                    for index in stride(from: thread, to: inners.count, by: 4) {
                        serial.inner = inners[index]
                        if thread == 0 && index == 200 { serial.dispose() }
                    }
                }
                serial.dispose()
                #expect(inners.allSatisfy { $0.disposeCount == 1 })
            }
        }
    }
}
