import Foundation
import Rill
import RillTesting
import Testing

/// A main-actor model using every error, side-effect, blocking and async API, to keep them
/// usable from `@MainActor` code in Swift 6 mode.
@MainActor
final class MainActorModel {
    struct LoadError: Error, Equatable {}

    var values: [Int] = []
    var logLines: [String] = []
    var effects: [String] = []

    func run() async throws(LoadError) -> [Int] {
        let lines = Locked<[String]>([])
        let log = EventLog { lines.append($0) }
        let effectLog = Locked<[String]>([])
        let numbers = Signal<String, LoadError>.attempt { () throws(LoadError) in "1" }
            .concat(.just("x"))
            .concat(.just("2"))
            .compactMap { Int($0) }
            .tryMap { (value) throws(LoadError) -> Int in value * 10 }
            .attempt { (value) throws(LoadError) in if value < 0 { throw LoadError() } }
            .removeDuplicates(by: ==)
            .removeDuplicates()
            .on(subscribe: { effectLog.append("subscribe") })
            .on(next: { effectLog.append("next \($0)") })
            .on(error: { _ in effectLog.append("error") })
            .on(completed: { effectLog.append("completed") })
            .on(terminate: { effectLog.append("terminate") })
            .named("numbers")
            .logEvents(to: log)
            .logNext(to: log)
            .logError(to: log)
            .logCompleted(to: log)

        for try await value in numbers.values(bufferingPolicy: .unbounded) {
            values.append(value)
        }
        for try await value in numbers.values {
            values.append(value)
        }
        let recovered = Signal<Int, LoadError>.error(LoadError())
            .mapError { $0 }
            .catch { _ in Signal<Int, LoadError>.just(1) }
            .catch(to: Signal<Int, Never>.just(2))
            .replaceError(with: 3)
        let nested = Signal<Int, Never>.just(4).flattenMap { Signal<Int, LoadError>.just($0) }
        let neverFailing = Signal<Int, Never>.just(11).flattenMap { Signal<Int, Never>.just($0) }
        let computed = Signal<Int, Never> { await Task { 12 }.value }
        let fromTask = Signal<Int, LoadError> { () async throws(LoadError) in 5 }
        let fromSequence = Signal(
            AsyncStream<Int> { continuation in
                continuation.yield(6)
                continuation.finish()
            })
        values.append(await recovered.collect().first ?? -1)
        values.append(try await nested.first() ?? -1)
        values.append(try await fromTask.first() ?? -1)
        values.append(contentsOf: await fromSequence.collect())
        values.append(contentsOf: (try? Signal<Int, LoadError>.just(7).toArray(timeout: 1)) ?? [])
        values.append((try? Signal<Int, LoadError>.just(8).first(timeout: 1)) ?? -1)
        values.append((try? Signal<Int, LoadError>.empty.first(default: 9, timeout: 1)) ?? -1)
        if (try? Signal<Int, LoadError>.empty.waitUntilCompleted(timeout: 1)) != nil { values.append(10) }
        for await value in neverFailing.values { values.append(value) }
        values.append(await computed.first() ?? -1)
        logLines = lines.value
        effects = effectLog.value
        return values
    }
}

@Suite("Main-actor use")
struct MainActorUsageTests {
    @Test("every error, side-effect, blocking and async API works from a @MainActor type")
    @MainActor
    func mainActorModel() async throws {
        let model = MainActorModel()
        let values = try await model.run()
        #expect(values == [10, 20, 10, 20, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        #expect(model.effects.prefix(5) == ["subscribe", "next 10", "next 20", "completed", "terminate"])
        #expect(model.logLines.prefix(2) == ["numbers subscribed", "numbers next: 10"])
    }
}
