import Foundation
import Rill
import RillTesting
import Testing

@Suite("Subjects and properties where an operator takes a signal")
struct SubjectArgumentTests {
    @Test("merge, combineLatest, zip, sample and concat take a subject as their argument")
    func combiningOperators() {
        let source = Subject<Int, TestError>()
        let other = Subject<Int, TestError>()
        let merged = source.signal.merge(with: other).record()
        let combined = source.signal.combineLatest(with: other).map { $0 * 10 + $1 }.record()
        let zipped = source.signal.zip(with: other).map { $0 * 10 + $1 }.record()
        let sampled = source.signal.sample(with: other).record()
        let concatenated = source.signal.concat(other).record()
        source.send(1)
        other.send(2)
        source.send(3)
        other.send(4)
        source.send(.completed)
        other.send(5)
        other.send(.completed)
        #expect(merged.events == [.next(1), .next(2), .next(3), .next(4), .next(5), .completed])
        #expect(combined.values == [12, 32, 34, 35])
        #expect(zipped.events == [.next(12), .next(34), .completed])
        #expect(sampled.values == [1, 3])
        #expect(concatenated.events == [.next(1), .next(3), .next(5), .completed])
    }

    @Test("take(untilTrigger:), skip(untilTrigger:), take(untilReplacement:) and catch(to:) take a subject")
    func triggersAndReplacements() {
        let source = Subject<Int, TestError>()
        let trigger = Subject<Void, Never>()
        let replacement = ReplaySubject<Int, TestError>()
        let taken = source.signal.take(untilTrigger: trigger).record()
        let skipped = source.signal.skip(untilTrigger: trigger).record()
        let replaced = source.signal.take(untilReplacement: replacement).record()
        let caught = source.signal.catch(to: replacement).record()
        source.send(1)
        trigger.send()
        source.send(2)
        replacement.send(9)
        source.send(3)
        source.send(.error(TestError.boom))
        #expect(taken.events == [.next(1), .completed])
        #expect(skipped.values == [2, 3])
        #expect(replaced.values == [1, 2, 9])
        #expect(caught.values == [1, 2, 3, 9])
        #expect(!caught.isTerminated)
        replaced.dispose()
        caught.dispose()
    }

    @Test("Signal.if and Signal.switch take subjects, and signals beside them")
    func staticOperators() {
        let condition = BehaviorSubject<Bool, Never>(true)
        let yes = Subject<String, Never>()
        let no = Signal<String, Never>.just("no")
        let chosen = Signal.if(condition, then: yes, else: no).record()
        yes.send("yes")
        condition.send(false)
        yes.send("ignored")
        #expect(chosen.values == ["yes", "no"])
        chosen.dispose()

        let keys = Subject<Int, Never>()
        let fallback = ReplaySubject<String, Never>()
        fallback.send("other")
        let switched = Signal.switch(keys, cases: [1: .just("one")], default: fallback).record()
        keys.send(1)
        keys.send(2)
        #expect(switched.values == ["one", "other"])
        switched.dispose()
    }

    @Test("merge, concat, zip and combineLatest of a sequence take a sequence of subjects")
    func sequencesOfSubjects() {
        let first = Subject<Int, Never>()
        let second = Subject<Int, Never>()
        let merged = Signal.merge([first, second]).record()
        let concatenated = Signal.concat([first, second]).record()
        let zipped = Signal.zip([first, second]).record()
        let combined = Signal.combineLatest([first, second], reduce: { $0.reduce(0, +) }).record()
        first.send(1)
        second.send(10)
        first.send(.completed)
        second.send(20)
        #expect(merged.values == [1, 10, 20])
        #expect(concatenated.values == [1, 20])
        #expect(zipped.values == [[1, 10]])
        #expect(combined.values == [11, 21])
        second.send(.completed)
    }

    @Test(
        "a signal that cannot fail takes a subject that cannot either, and the signal of one that can"
    )
    func neverPromotion() {
        let ticks = Subject<Int, Never>()
        let requests = Subject<Int, TestError>()
        // Promoting `Never` is a disfavored overload, which gets no overload taking subjects.
        let merged: Signal<Int, TestError> = ticks.signal.merge(with: requests.signal)
        let combined: Signal<(Int, Int), TestError> = ticks.signal.combineLatest(with: requests.signal)
        let mergedEvents = merged.record()
        let combinedValues = combined.map { $0 + $1 }.record()
        let quiet = Subject<Int, Never>()
        let bothNever: Signal<Int, Never> = ticks.signal.merge(with: quiet)
        let bothNeverValues = bothNever.record()
        ticks.send(1)
        requests.send(10)
        quiet.send(100)
        requests.send(.error(TestError.boom))
        #expect(mergedEvents.events == [.next(1), .next(10), .error(TestError.boom)])
        #expect(combinedValues.failure == TestError.boom)
        #expect(combinedValues.values == [11])
        #expect(bothNeverValues.values == [1, 100])
        bothNeverValues.dispose()
    }

    @Test("a subject as both receiver and argument")
    func subjectOnBothSides() {
        let left = Subject<Int, Never>()
        let right = BehaviorSubject<Int, Never>(0)
        let sums = left.combineLatest(with: right).map { $0 + $1 }.record()
        let merged = left.merge(with: right).record()
        left.send(1)
        right.send(5)
        #expect(sums.values == [1, 6])
        #expect(merged.values == [0, 1, 5])
        sums.dispose()
        merged.dispose()
    }

    @Test("a property stands for its signal: the current value, then every change")
    func properties() {
        let query = MutableProperty("")
        let page = MutableProperty(1)
        let derived = Property(initial: 0, then: Signal<Int, Never>.never)
        let requests = Signal<String, Never>.never.combineLatest(with: query).record()
        let pages = query.signal.combineLatest(with: page).map { "\($0)#\($1)" }.record()
        let zipped = Signal<Int, Never>.just(7).zip(with: derived).map { $0 + $1 }.record()
        query.value = "rill"
        page.value = 2
        #expect(requests.values.isEmpty)
        #expect(pages.values == ["#1", "rill#1", "rill#2"])
        #expect(zipped.values == [7])
        requests.dispose()
        pages.dispose()
        zipped.dispose()
    }

    @Test("implicit members and signal arguments still choose the overloads taking a signal")
    func signalsStillChooseSignals() {
        let subject = Subject<Int, Never>()
        let merged = subject.signal.merge(with: .just(0)).record()
        let forwarded = subject.merge(with: .empty).concat(.just(9)).record()
        subject.send(1)
        subject.send(.completed)
        #expect(merged.values == [0, 1])
        #expect(forwarded.events == [.next(1), .next(9), .completed])
    }

    @Test("from a main-actor view model")
    @MainActor
    func mainActorViewModel() {
        @MainActor final class SearchModel {
            let query = MutableProperty("")
            let refreshes = Subject<Void, Never>()
            var results: [String] = []
            private var subscription: (any Disposable)?

            func start() {
                subscription = query.signal
                    .sample(with: refreshes)
                    .merge(with: Signal<String, Never>.never.take(untilTrigger: refreshes))
                    .subscribe(next: { [weak self] query in
                        MainActor.assumeIsolated { self?.results.append(query) }
                    })
            }
        }
        let model = SearchModel()
        model.start()
        model.query.value = "swift"
        model.refreshes.send()
        model.query.value = "rill"
        model.refreshes.send()
        #expect(model.results == ["swift", "rill"])
    }
}
