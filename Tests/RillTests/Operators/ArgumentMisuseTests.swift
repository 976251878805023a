import Foundation
import Rill
import RillTesting
import Testing

/// A call with an argument that has no meaning, and the message it must stop the program with.
enum ArgumentMisuse: String, Codable, Sendable, CaseIterable, CustomTestStringConvertible {
    case takeNegative, skipNegative, skipLastNegative, takeLastNegative, elementAtNegative
    case delayNegative, delayNaN, delayOnNegative, delayOnNaN, delayOnImmediate
    case throttleNegative, throttleNaN, throttleOnNegative, throttleOnNaN, throttleOnImmediate
    case throttlePredicateNegative, throttleOnPredicateNaN
    case bufferNegative, bufferNaN, bufferOnImmediate
    case intervalZero, intervalNegative, intervalNaN, intervalLeewayNegative, intervalLeewayNaN
    case queueRepeatingZero, queueDateNaN
    case shareNegative, retryBackoffNegative, retryBackoffOnImmediate
    case backoffNegative, backoffInfinite, backoffMultiplierBelowOne, backoffMaximumNaN

    var testDescription: String { rawValue }

    /// The text the process's standard error must contain.
    var message: String {
        switch self {
        case .takeNegative: "Signal.take(_:): count must not be negative, got -1"
        case .skipNegative: "Signal.skip(_:): count must not be negative, got -1"
        case .skipLastNegative: "Signal.skipLast(_:): count must not be negative, got -2"
        case .takeLastNegative: "Signal.takeLast(_:): count must not be negative, got -1"
        case .elementAtNegative: "Signal.element(at:): index must not be negative, got -1"
        case .delayNegative: "Signal.delay(_:): interval must not be negative, got -1.0"
        case .delayNaN: "Signal.delay(_:): interval must be a number of seconds, got nan"
        case .delayOnNegative: "Signal.delay(_:on:): interval must not be negative, got -0.5"
        case .delayOnNaN: "Signal.delay(_:on:): interval must be a number of seconds, got nan"
        case .delayOnImmediate: "Signal.delay(_:on:): the immediate scheduler would block the sending thread"
        case .throttleNegative: "Signal.throttle(_:): interval must not be negative, got -1.0"
        case .throttleNaN: "Signal.throttle(_:): interval must be a number of seconds, got nan"
        case .throttleOnNegative: "Signal.throttle(_:on:): interval must not be negative, got -1.0"
        case .throttleOnNaN: "Signal.throttle(_:on:): interval must be a number of seconds, got nan"
        case .throttleOnImmediate:
            "Signal.throttle(_:on:): the immediate scheduler cannot wait without blocking"
        case .throttlePredicateNegative:
            "Signal.throttle(_:valuesPassingTest:): interval must not be negative, got -1.0"
        case .throttleOnPredicateNaN:
            "Signal.throttle(_:on:valuesPassingTest:): interval must be a number of seconds, got nan"
        case .bufferNegative: "Signal.buffer(every:on:): interval must not be negative, got -3.0"
        case .bufferNaN: "Signal.buffer(every:on:): interval must be a number of seconds, got nan"
        case .bufferOnImmediate: "Signal.buffer(every:on:): the immediate scheduler cannot time a window"
        case .intervalZero: "Signal.interval(_:on:leeway:): interval must be positive, got 0.0"
        case .intervalNegative: "Signal.interval(_:on:leeway:): interval must be positive, got -1.0"
        case .intervalNaN: "Signal.interval(_:on:leeway:): interval must be a number of seconds, got nan"
        case .intervalLeewayNegative: "Signal.interval(_:on:leeway:): leeway must not be negative, got -1.0"
        case .intervalLeewayNaN: "Signal.interval(_:on:leeway:): leeway must be a number of seconds, got nan"
        case .queueRepeatingZero:
            "QueueScheduler.schedule(after:repeatingEvery:withLeeway:_:): interval must be positive, got 0.0"
        case .queueDateNaN: "QueueScheduler.schedule(after:_:): date must not be NaN"
        case .shareNegative: "Signal.share(replay:): replay must not be negative, got -1"
        case .retryBackoffNegative: "Signal.retry(upTo:backoff:on:): count must not be negative, got -1"
        case .retryBackoffOnImmediate:
            "Signal.retry(upTo:backoff:on:): the immediate scheduler would block the failing thread"
        case .backoffNegative: "Backoff.constant(_:): the first wait must be 0 or more seconds, got -1.0"
        case .backoffInfinite:
            "Backoff.exponential(initial:multiplier:maximum:): the first wait must be 0 or more seconds, got inf"
        case .backoffMultiplierBelowOne:
            "Backoff.exponential(initial:multiplier:maximum:): the multiplier must be 1 or more, got 0.5"
        case .backoffMaximumNaN:
            "Backoff.exponential(initial:multiplier:maximum:): the longest wait must be 0 or more seconds, got nan"
        }
    }

    /// Makes the call. Each stops the program at the call, before anything is subscribed.
    func perform() {
        let signal = Signal<Int, Never>.just(1)
        let scheduler = TestScheduler()
        switch self {
        case .takeNegative: _ = signal.take(-1)
        case .skipNegative: _ = signal.skip(-1)
        case .skipLastNegative: _ = signal.skipLast(-2)
        case .takeLastNegative: _ = signal.takeLast(-1)
        case .elementAtNegative: _ = signal.element(at: -1)
        case .delayNegative: _ = signal.delay(-1)
        case .delayNaN: _ = signal.delay(.nan)
        case .delayOnNegative: _ = signal.delay(-0.5, on: scheduler)
        case .delayOnNaN: _ = signal.delay(.nan, on: scheduler)
        case .delayOnImmediate: _ = signal.delay(1, on: Schedulers.immediate)
        case .throttleNegative: _ = signal.throttle(-1)
        case .throttleNaN: _ = signal.throttle(.nan)
        case .throttleOnNegative: _ = signal.throttle(-1, on: scheduler)
        case .throttleOnNaN: _ = signal.throttle(.nan, on: scheduler)
        case .throttleOnImmediate: _ = signal.throttle(1, on: Schedulers.immediate)
        case .throttlePredicateNegative: _ = signal.throttle(-1, valuesPassingTest: { _ in true })
        case .throttleOnPredicateNaN:
            _ = signal.throttle(.nan, on: scheduler, valuesPassingTest: { _ in true })
        case .bufferNegative: _ = signal.buffer(every: -3, on: scheduler)
        case .bufferNaN: _ = signal.buffer(every: .nan, on: scheduler)
        case .bufferOnImmediate: _ = signal.buffer(every: 1, on: Schedulers.immediate)
        case .intervalZero: _ = Signal<Date, Never>.interval(0, on: scheduler)
        case .intervalNegative: _ = Signal<Date, Never>.interval(-1, on: scheduler)
        case .intervalNaN: _ = Signal<Date, Never>.interval(.nan, on: scheduler)
        case .intervalLeewayNegative: _ = Signal<Date, Never>.interval(1, on: scheduler, leeway: -1)
        case .intervalLeewayNaN: _ = Signal<Date, Never>.interval(1, on: scheduler, leeway: .nan)
        case .queueRepeatingZero: QueueScheduler().schedule(after: Date(), repeatingEvery: 0) {}
        case .queueDateNaN: QueueScheduler().schedule(after: Date(timeIntervalSinceReferenceDate: .nan)) {}
        case .shareNegative: _ = signal.share(replay: -1)
        case .retryBackoffNegative: _ = signal.retry(upTo: -1, backoff: .constant(1), on: scheduler)
        case .retryBackoffOnImmediate:
            _ = signal.retry(upTo: 1, backoff: .constant(1), on: Schedulers.immediate)
        case .backoffNegative: _ = Backoff.constant(-1)
        case .backoffInfinite: _ = Backoff.exponential(initial: .infinity)
        case .backoffMultiplierBelowOne: _ = Backoff.exponential(initial: 1, multiplier: 0.5)
        case .backoffMaximumNaN: _ = Backoff.exponential(initial: 1, maximum: .nan)
        }
    }
}

/// Every count and interval with no meaning stops the program with a message that names the
/// operator and the argument. Each case runs in a child process, since a stop cannot be caught.
@Suite("Arguments without a meaning stop the program with a message")
struct ArgumentMisuseTests {
    @Test(
        "a negative count, a negative or NaN interval, or a scheduler that cannot wait stops with a message",
        arguments: ArgumentMisuse.allCases)
    func misuseStops(_ misuse: ArgumentMisuse) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [misuse] in
            misuse.perform()
        }
        guard let result else { return }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains(misuse.message), "standard error was: \(output)")
    }

    @Test(
        "retry(upTo:) with 0 or a negative count subscribes once and passes the failure on",
        arguments: [0, -1, -100])
    func retryWithoutRetries(count: Int) {
        let scheduler = TestScheduler()
        let subscriptions = Counter()
        let recorder = scheduler.start {
            Signal<String, TestError>.defer {
                subscriptions.increment()
                return .error(.boom)
            }.retry(upTo: count)
        }
        #expect(subscriptions.value == 1)
        #expect(recorder.failure == .boom)
    }

    @Test("delay(0) and throttle(0) without a scheduler send on the current scheduler's next turn")
    func zeroIntervalsWithoutScheduler() {
        let scheduler = TestScheduler()
        let delayed = scheduler.start { scheduler.createColdSignal("-a-b-|").signal.delay(0) }
        expectMarbles(delayed, "-a-b-|")
        let other = TestScheduler()
        let throttled = other.start { other.createColdSignal("-a-b-|").signal.throttle(0) }
        expectMarbles(throttled, "-a-b-|")
    }
}
