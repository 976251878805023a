import Rill
import RillTesting
import Testing

/// A failure of another type than `TestError`, for operators that change the failure type.
private struct ParseError: Error, Equatable {
    var text: String
}

@Suite("Error handling")
struct ErrorRecoveryTests {
    @Test("catch makes the recovery signal from the failure it receives")
    func catchReceivesTheFailure() {
        let recorder = Signal<Int, TestError>.error(.tagged(7))
            .catch { failure -> Signal<Int, Never> in
                guard case .tagged(let tag) = failure else { return .just(-1) }
                return .just(tag)
            }
            .record()
        #expect(recorder.values == [7])
        #expect(recorder.isCompleted)
    }

    @Test("catch disposes the failed signal before subscribing to the recovery signal")
    func catchDisposesTheFailedSource() {
        let disposedBeforeRecovery = Flag()
        let sourceDisposed = CountingDisposable()
        let subject = Subject<Int, TestError>()
        let source = Signal<Int, TestError>.create { subscriber in
            subject.signal.subscribe(next: subscriber.sendNext, error: subscriber.sendError)
            return sourceDisposed
        }
        let recovery = Signal<Int, TestError>.defer {
            if sourceDisposed.isDisposed { disposedBeforeRecovery.set() }
            return .just(1)
        }
        let recorder = source.catch { _ in recovery }.record()
        subject.sendError(.boom)
        #expect(recorder.values == [1])
        #expect(disposedBeforeRecovery.isSet)
    }

    @Test("disposing during recovery disposes the recovery signal")
    func disposalReachesTheRecoverySignal() {
        let recoveryDisposed = CountingDisposable()
        let recovery = Signal<Int, TestError>.create { _ in recoveryDisposed }
        let subscription = Signal<Int, TestError>.error(.boom).catch(to: recovery).subscribe()
        #expect(!recoveryDisposed.isDisposed)
        subscription.dispose()
        #expect(recoveryDisposed.disposeCount == 1)
    }

    @Test("mapError changes the failure type and value")
    func mapErrorTransformsTheFailure() {
        let recorder = Signal<Int, TestError>.error(.boom)
            .mapError { ParseError(text: "\($0)") }
            .record()
        #expect(recorder.failure == ParseError(text: "boom"))
    }

    @Test("replaceError gives a signal that cannot fail")
    func replaceErrorCannotFail() {
        let recovered: Signal<Int, Never> = Signal<Int, TestError>.from([1, 2])
            .concat(.error(.boom))
            .replaceError(with: 0)
        #expect(recovered.record().values == [1, 2, 0])
    }

    @Test("attempt runs its body on every subscription")
    func attemptRunsPerSubscription() {
        let calls = Counter()
        let signal = Signal<Int, ParseError>.attempt { () throws(ParseError) in
            let call = calls.increment()
            if call == 2 { throw ParseError(text: "second") }
            return call
        }
        #expect(signal.record().values == [1])
        #expect(signal.record().failure == ParseError(text: "second"))
        #expect(signal.record().values == [3])
    }

    @Test("attempt on values fails with the thrown error and stops the source")
    func attemptStopsTheSource() {
        let scheduler = TestScheduler()
        let source: ColdSignal<String, ParseError> = scheduler.createColdSignal(
            "-a-b-c-|", error: ParseError(text: "source"))
        let recorder = scheduler.start {
            source.signal
                .attempt { (value) throws(ParseError) in
                    if value == "b" { throw ParseError(text: value) }
                }
        }
        #expect(recorder.failure == ParseError(text: "b"))
        #expect(expectSubscriptions(source, ["^--!"]))
    }

    @Test("tryMap keeps the thrown error's type")
    func tryMapKeepsTheErrorType() {
        let parsed = Signal<String, ParseError>.from(["1", "2", "x", "4"])
            .tryMap { (text) throws(ParseError) -> Int in
                guard let number = Int(text) else { throw ParseError(text: text) }
                return number
            }
            .record()
        #expect(parsed.values == [1, 2])
        #expect(parsed.failure == ParseError(text: "x"))
    }

    @Test("flattenMap from a signal that cannot fail into failing signals needs no setFailureType")
    func flattenMapFromNeverIntoFailing() {
        let results: Signal<Int, ParseError> = Signal<String, Never>.from(["1", "x"])
            .flattenMap { text in
                Int(text).map { Signal<Int, ParseError>.just($0) } ?? .error(ParseError(text: text))
            }
        let recorder = results.record()
        #expect(recorder.values == [1])
        #expect(recorder.failure == ParseError(text: "x"))

        let neverFailing = Signal<Int, Never>.from([1, 2]).flattenMap { Signal<Int, Never>.just($0 * 10) }
        #expect(neverFailing.record().values == [10, 20])
    }
}
