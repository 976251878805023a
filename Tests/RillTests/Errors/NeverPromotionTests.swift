import Rill
import RillTesting
import Testing

/// The overloads that promote a signal that cannot fail leave every other call as it was: calls
/// with implicit members (`.just`, `.empty`) still resolve, on both kinds of signal.
@Suite("Never-failing signals into failing ones")
struct NeverPromotionTests {
    @Test("a tap flat-maps straight into a request that can fail, and its failure ends the result")
    func tapToRequest() {
        let taps = Subject<Void, Never>()
        let request = Subject<String, TestError>()
        let recorder = taps.signal.flatMap(.latest) { request.signal }.record()
        taps.send()
        request.send("ok")
        request.send(.error(.boom))
        #expect(recorder.events == [.next("ok"), .error(.boom)])
    }

    @Test("implicit members resolve as before, whether the signal can fail or not")
    func implicitMembers() {
        let never = Signal<Int, Never>.from([1, 2])
        let failing = Signal<Int, TestError>.from([1, 2])
        #expect(never.flatMap(.merge) { .just($0 * 10) }.record().values == [10, 20])
        #expect(failing.flatMap(.merge) { .just($0 * 10) }.record().values == [10, 20])
        #expect(never.flatMapLatest { .just($0) }.record().values == [1, 2])
        #expect(never.map { Signal<Int, Never>.just($0) }.flatten(.concat).record().values == [1, 2])
        #expect(never.map { Signal<Int, Never>.just($0) }.switchToLatest().record().values == [1, 2])
        #expect(never.merge(with: .empty).record().values == [1, 2])
        #expect(failing.merge(with: .just(3)).record().values == [1, 2, 3])
        #expect(never.combineLatest(with: .just(0)).map { $0 + $1 }.record().values == [2])
    }

    @Test("merge and combineLatest of a signal that cannot fail with one that can fail with it")
    func mergeAndCombine() {
        let never = Subject<Int, Never>()
        let failing = Subject<Int, TestError>()
        let merged = never.signal.merge(with: failing.signal).record()
        let combined = never.signal.combineLatest(with: failing.signal).map { $0 + $1 }.record()
        never.send(1)
        failing.send(10)
        failing.send(.error(.other))
        #expect(merged.events == [.next(1), .next(10), .error(.other)])
        #expect(combined.events == [.next(11), .error(.other)])
    }
}
