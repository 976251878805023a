import Foundation
import Rill
import RillTesting
import Testing

/// How a subscription ends.
enum Ending: String, CaseIterable, Sendable, CustomStringConvertible {
    case completion, failure, disposal
    var description: String { rawValue }
}

/// Builds `signal` from a live subject and user closures that capture a token, subscribes with
/// a handler that captures it too, sends a value, ends the subscription as `ending` says, and
/// returns whether the token, so every closure holding it and the subscription's state, was
/// freed while the subject is still alive (G3: a live upstream does not keep a finished chain).
/// Every case so also checks that a subject lets go of a subscription that ended.
func isReleased<Output: Sendable>(
    after ending: Ending, scheduler: TestScheduler? = nil,
    _ makeSignal: @escaping @Sendable (Signal<Int, TestError>, Token) -> Signal<Output, TestError>
) -> Bool {
    let subject = Subject<Int, TestError>()
    weak var weakToken: Token?
    weak var weakSubscription: CompositeDisposable?
    let run = { (_ body: () -> Void) in
        if let scheduler { Schedulers.perform(on: scheduler, body) } else { body() }
    }
    var subscription: (any Disposable)?
    do {
        let token = Token()
        weakToken = token
        run {
            subscription = makeSignal(subject.signal, token).subscribe(next: { _ in token.touch() })
            subject.sendNext(1)
        }
        scheduler?.advance(by: 10)
    }
    run {
        switch ending {
        case .completion: subject.sendCompleted()
        case .failure: subject.sendError(.boom)
        case .disposal: subscription?.dispose()
        }
    }
    scheduler?.advance(by: 10)
    weakSubscription = subscription as? CompositeDisposable
    subscription = nil
    withExtendedLifetime(subject) {}
    return weakToken == nil && weakSubscription == nil
}

@Suite("Everything is released after completion, failure or disposal")
struct ReleaseTests {
    @Test(
        "unary operators made from specs: map, filter, scan, take, skip, distinctUntilChanged",
        arguments: Ending.allCases)
    func unaryOperators(ending: Ending) {
        #expect(
            isReleased(after: ending) { source, token in
                source.map {
                    token.touch()
                    return $0
                }
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.filter { _ in
                    token.touch()
                    return true
                }
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.scan(0) {
                    token.touch()
                    return $0 + $1
                }
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.map {
                    token.touch()
                    return $0
                }.take(5)
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.skip(1).map {
                    token.touch()
                    return $0
                }
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.map {
                    token.touch()
                    return $0
                }.distinctUntilChanged()
            })
    }

    @Test("bind, flattenMap and materialize", arguments: Ending.allCases)
    func bindFamily(ending: Ending) {
        #expect(
            isReleased(after: ending) { source, token in
                source.flattenMap {
                    token.touch()
                    return .just($0)
                }
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.flattenMap { value in
                    Signal<Int, TestError>.from([value, value]).map {
                        token.touch()
                        return $0
                    }
                }
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.map { _ in token }.materialize().dematerialize().map { _ in 0 }
            })
    }

    @Test(
        "combining: zip, combineLatest, merge, concat, sample, in pairs and over sequences",
        arguments: Ending.allCases)
    func combining(ending: Ending) {
        #expect(isReleased(after: ending) { source, token in source.zip(with: source.map { _ in token }) })
        #expect(
            isReleased(after: ending) { source, token in
                Signal.zip([
                    source,
                    source.map {
                        token.touch()
                        return $0
                    },
                ])
            })
        #expect(
            isReleased(after: ending) { source, token in source.combineLatest(with: source.map { _ in token })
            })
        #expect(
            isReleased(after: ending) { source, token in
                Signal.combineLatest([
                    source,
                    source.map {
                        token.touch()
                        return $0
                    },
                ])
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.merge(
                    with: source.map {
                        token.touch()
                        return $0
                    })
            })
        #expect(
            isReleased(after: ending) { source, token in
                Signal.concat([
                    source.map {
                        token.touch()
                        return $0
                    }, .just(0),
                ])
            })
        #expect(isReleased(after: ending) { source, token in source.map { _ in token }.sample(with: source) })
        #expect(isReleased(after: ending) { source, token in Signal.zip(source.map { _ in token }, source) })
    }

    @Test(
        "triggers: take(untilTrigger:), take(untilReplacement:), skip(untilTrigger:)",
        arguments: Ending.allCases)
    func triggers(ending: Ending) {
        #expect(
            isReleased(after: ending) { source, token in
                source.map {
                    token.touch()
                    return $0
                }.take(untilTrigger: Signal<Int, Never>.never)
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.take(
                    untilTrigger: source.map {
                        token.touch()
                        return $0
                    }.filter { $0 > 1 })
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.map {
                    token.touch()
                    return $0
                }.take(untilReplacement: source.filter { $0 > 1 })
            })
        #expect(
            isReleased(after: ending) { source, token in
                source.map {
                    token.touch()
                    return $0
                }.skip(untilTrigger: Signal<Int, Never>.just(0))
            })
    }

    @Test("group(by:) and its groups", arguments: Ending.allCases)
    func groups(ending: Ending) {
        #expect(
            isReleased(after: ending) { source, token in
                source.group(
                    by: {
                        token.touch()
                        return $0 % 2
                    }, transform: { _ in token }
                ).flattenMap { $0.signal }
            })
    }

    @Test(
        "repetition: repeat and retry of cold signals, once they end, and retry of a live one, once disposed")
    func repetition() {
        #expect(
            isReleased(after: .completion, scheduler: TestScheduler()) { _, token in
                Signal<Int, TestError>.just(1).map {
                    token.touch()
                    return $0
                }.repeat().take(3)
            })
        #expect(
            isReleased(after: .completion, scheduler: TestScheduler()) { _, token in
                Signal<Int, TestError>.error(.boom).map {
                    token.touch()
                    return $0
                }.retry(upTo: 2).materialize().dematerialize()
            })
        #expect(
            isReleased(after: .disposal, scheduler: TestScheduler()) { source, token in
                source.map {
                    token.touch()
                    return $0
                }.retry()
            })
    }

    @Test("time operators on a test scheduler, once they end: delay, throttle, buffer(every:on:)")
    func time() {
        for ending in [Ending.completion, .failure] {
            #expect(
                isReleased(after: ending, scheduler: TestScheduler()) { source, token in
                    source.map {
                        token.touch()
                        return $0
                    }.delay(1)
                })
            #expect(
                isReleased(after: ending, scheduler: TestScheduler()) { source, token in
                    source.map {
                        token.touch()
                        return $0
                    }.throttle(1)
                })
            let scheduler = TestScheduler()
            #expect(
                isReleased(after: ending, scheduler: scheduler) { source, token in
                    source.map {
                        token.touch()
                        return $0
                    }.buffer(every: 1, on: scheduler)
                })
        }
    }
}
