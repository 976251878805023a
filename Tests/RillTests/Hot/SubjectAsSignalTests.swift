import Foundation
import Rill
import RillTesting
import Testing

@Suite("Subjects as signals")
struct SubjectAsSignalTests {
    @Test("send(_:) sends a value, and send() a Void value")
    func sendValue() {
        let subject = Subject<Int, TestError>()
        let recorder = subject.signal.record()
        subject.send(1)
        subject.send(.next(2))
        subject.send(.completed)
        #expect(recorder.events == [.next(1), .next(2), .completed])

        let taps = Subject<Void, Never>()
        let count = Counter()
        let subscription = taps.subscribe(next: { count.increment() })
        taps.send()
        taps.send()
        #expect(count.value == 2)
        subscription.dispose()
    }

    @Test("every kind of subject chains operators directly, without .signal")
    func operatorsOnSubjects() {
        let subject = Subject<Int, Never>()
        let replay = ReplaySubject<Int, Never>(capacity: 1)
        let behavior = BehaviorSubject<Int, Never>(0)
        let doubled = subject.map { $0 * 2 }.filter { $0 > 2 }.record()
        let combined = replay.combineLatest(with: behavior.signal).map { $0 + $1 }.record()
        let scanned = behavior.scan(0, +).take(3).record()
        subject.send(1)
        subject.send(2)
        replay.send(10)
        behavior.send(5)
        behavior.send(6)
        #expect(doubled.values == [4])
        #expect(combined.values == [10, 15, 16])
        #expect(scanned.events == [.next(0), .next(5), .next(11), .completed])
        doubled.dispose()
        combined.dispose()
    }

    @Test("subscribe(next:) and subscribe(receiver) on a subject subscribe to its signal")
    func subscribeOnSubjects() {
        let subject = Subject<String, Never>()
        let mirror = ReplaySubject<String, Never>()
        let seen = Locked<[String]>([])
        let subscription = subject.subscribe(next: { seen.append($0) })
        subject.subscribe(mirror)
        subject.send("a")
        subscription.dispose()
        subject.send("b")
        #expect(seen.value == ["a"])
        #expect(mirror.signal.record().values == ["a", "b"])
        subject.send(.completed)
    }

    @Test("a subject's values are an async sequence")
    func asyncValues() async throws {
        let subject = ReplaySubject<Int, TestError>()
        subject.send(1)
        subject.send(2)
        subject.send(.completed)
        var collected: [Int] = []
        for try await value in subject.values { collected.append(value) }
        #expect(collected == [1, 2])
    }

    @Test("a subject delivers on the main queue to main-actor code")
    @MainActor
    func mainActorSubject() async {
        final class Screen {
            var titles: [String] = []
        }
        let screen = Screen()
        let subject = Subject<String, Never>()
        let done = Gate()
        let subscription = subject.deliver(on: .main).subscribe(next: { title in
            screen.titles.append(title)
            if screen.titles.count == 2 { done.open() }
        })
        DispatchQueue.global().async {
            subject.send("a")
            subject.send("b")
        }
        #expect(await done.value())
        #expect(screen.titles == ["a", "b"])
        subscription.dispose()
    }
}
