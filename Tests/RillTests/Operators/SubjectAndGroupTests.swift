import Rill
import RillTesting
import Synchronization
import Testing

@Suite("Subject")
struct SubjectTests {
    @Test("a subject sends each event to the subscriptions that exist when it is sent")
    func hot() {
        let subject = Subject<Int, TestError>()
        subject.sendNext(0)
        let early = subject.signal.record()
        subject.sendNext(1)
        let late = subject.signal.record()
        subject.sendNext(2)
        #expect(early.values == [1, 2])
        #expect(late.values == [2])
        subject.sendCompleted()
    }

    @Test("a subject does not remember termination: a later subscription waits")
    func noMemoryOfTermination() {
        let subject = Subject<Int, TestError>()
        let before = subject.signal.record()
        subject.sendCompleted()
        let after = subject.signal.record()
        #expect(before.isCompleted)
        #expect(after.events.isEmpty)
        after.dispose()
    }

    @Test("a disposed subscription leaves the subject and releases its handlers")
    func disposal() {
        let subject = Subject<Int, Never>()
        let recorder = subject.signal.record()
        subject.sendNext(1)
        recorder.dispose()
        subject.sendNext(2)
        #expect(recorder.values == [1])
    }

    @Test("G6: values sent from many threads reach each subscription serially and all of them")
    func serialFromManyThreads() {
        let subject = Subject<Int, Never>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        let subscription = subject.signal.subscribe(next: { _ in
            if inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 {
                overlaps.wrappingAdd(1, ordering: .relaxed)
            }
            count.wrappingAdd(1, ordering: .relaxed)
            inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
        })
        onThreads(8) { thread in
            for value in 0..<1_000 { subject.sendNext(thread * 1_000 + value) }
        }
        subscription.dispose()
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(count.load(ordering: .relaxed) == 8_000)
    }
}

@Suite("group(by:)")
struct GroupTests {
    @Test("the outer signal completes before its groups, which complete in the order they appeared")
    func completionOrder() {
        let subject = Subject<String, TestError>()
        let order = Locked<[String]>([])
        _ = subject.signal.group(by: { $0 }).subscribe(
            next: { group in
                group.signal.subscribe(completed: { order.withLock { $0.append("group \(group.key)") } })
            },
            completed: { order.withLock { $0.append("outer") } })
        subject.sendNext("b")
        subject.sendNext("a")
        subject.sendNext("b")
        subject.sendCompleted()
        #expect(order.value == ["outer", "group b", "group a"])
    }

    @Test("groups fail after the outer signal, with the same failure")
    func failureOrder() {
        let subject = Subject<String, TestError>()
        let order = Locked<[String]>([])
        _ = subject.signal.group(by: { $0 }).subscribe(
            next: { group in
                group.signal.subscribe(error: { _ in order.withLock { $0.append("group \(group.key)") } })
            },
            error: { _ in order.withLock { $0.append("outer") } })
        subject.sendNext("a")
        subject.sendError(.boom)
        #expect(order.value == ["outer", "group a"])
    }

    @Test("groups are hot: a group subscribed late misses the values before")
    func groupsAreHot() {
        let subject = Subject<Int, TestError>()
        let groups = Locked<[GroupedSignal<Bool, Int, TestError>]>([])
        _ = subject.signal.group(by: { $0.isMultiple(of: 2) }).subscribe(next: { group in
            groups.withLock { $0.append(group) }
        })
        subject.sendNext(2)
        let evens = groups.value[0].signal.record()
        subject.sendNext(4)
        subject.sendNext(1)
        #expect(groups.value.map(\.key) == [true, false])
        #expect(evens.values == [4])
        subject.sendCompleted()
    }
}
