import Foundation
import Rill
import RillTesting
import Testing

@Suite("Command")
struct CommandTests {
    /// A command whose executions are driven by the test, one `ManualSource` per execution.
    final class Harness: Sendable {
        let sources = Locked<[ManualSource<String, TestError>]>([])
        let inputs = Locked<[Int]>([])

        var latest: ManualSource<String, TestError> { sources.value.last! }

        func work(_ input: Int) -> Signal<String, TestError> {
            inputs.append(input)
            let source = ManualSource<String, TestError>()
            sources.append(source)
            return source.signal
        }
    }

    @Test("execute passes the input to the work, and the caller and values receive its values")
    func executePassesInput() {
        let command = Command<Int, String, Never> { input in .just("#\(input)") }
        let values = command.values.record()
        let completions = command.completions.record()
        let result = command.execute(7).record()
        #expect(result.values == ["#7"])
        #expect(result.isCompleted)
        #expect(values.values == ["#7"])
        #expect(completions.values.count == 1)
        #expect(!command.isExecuting.value)
        #expect(command.isEnabled.value)
    }

    @Test(
        "isExecuting is true and isEnabled false while an execution runs, and both change before its first value"
    )
    func flagsWhileExecuting() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        let executing = command.isExecuting.signal.record()
        let enabled = command.isEnabled.signal.record()
        let seenAtFirstValue = Locked<[Bool]>([])
        command.values.subscribe(next: { [weak command] _ in
            guard let command else { return }
            seenAtFirstValue.value = [command.isExecuting.value, command.isEnabled.value]
        })
        let result = command.execute(1).record()
        #expect(executing.values == [false, true])
        #expect(enabled.values == [true, false])
        harness.latest.sendNext("a")
        #expect(seenAtFirstValue.value == [true, false])
        harness.latest.sendCompleted()
        #expect(executing.values == [false, true, false])
        #expect(enabled.values == [true, false, true])
        #expect(result.values == ["a"])
        #expect(result.isCompleted)
    }

    @Test(
        "executing while an execution runs fails with notEnabled, starts nothing and is a disabled attempt, not a completion"
    )
    func notEnabledWhileExecuting() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        let disabled = command.disabledAttempts.record()
        let completions = command.completions.record()
        let errors = command.errors.record()
        command.execute(1)
        let second = command.execute(2).record()
        #expect(second.failure == .notEnabled)
        #expect(harness.inputs.value == [1])
        #expect(disabled.values == [2])
        #expect(completions.values.isEmpty)
        #expect(errors.values.isEmpty)
        harness.latest.sendCompleted()
        #expect(command.isEnabled.value)
        command.execute(3)
        #expect(harness.inputs.value == [1, 3])
    }

    @Test(
        "with concurrent execution allowed, executions overlap, the command stays enabled, and isExecuting ends with the last"
    )
    func concurrentExecution() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(allowsConcurrentExecution: true, execute: harness.work)
        let executing = command.isExecuting.signal.record()
        command.execute(1)
        command.execute(2)
        #expect(command.isEnabled.value)
        #expect(harness.inputs.value == [1, 2])
        let sources = harness.sources.value
        sources[0].sendCompleted()
        #expect(command.isExecuting.value)
        sources[1].sendCompleted()
        #expect(executing.values == [false, true, false])
        #expect(command.allowsConcurrentExecution)
    }

    @Test(
        "a failure of the work reaches the caller wrapped and errors as a value; it ends the execution, not the command"
    )
    func failures() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        let errors = command.errors.record()
        let values = command.values.record()
        let events = command.events.record()
        let first = command.execute(1).record()
        harness.latest.sendNext("a")
        harness.latest.sendError(.boom)
        #expect(first.failure == .failed(.boom))
        #expect(errors.values == [.boom])
        #expect(!errors.isTerminated)
        #expect(!values.isTerminated)
        #expect(events.values.count == 2)
        #expect(events.values.last?.failure == .boom)
        let second = command.execute(2).record()
        harness.latest.sendCompleted()
        #expect(second.isCompleted)
        #expect(errors.values == [.boom])
    }

    @Test("errors receives the failure of an execution started before anyone subscribed to it")
    func errorsOfEarlierExecutions() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        command.execute(1)
        let errors = command.errors.record()
        harness.latest.sendError(.other)
        #expect(errors.values == [.other])
    }

    @Test("an observer of the failure or the completion can execute again at once")
    func executeAgainFromTheEnd() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        let again = Locked<[Event<String, CommandError<TestError>>]>([])
        // Weakly, as the command's own signals end when it is released.
        command.errors.subscribe(next: { [weak command] _ in
            command?.apply(2).subscribe(
                next: { _ in }, error: { again.append(.error($0)) }, completed: { again.append(.completed) })
        })
        command.execute(1)
        harness.latest.sendError(.boom)
        #expect(harness.inputs.value == [1, 2])
        #expect(command.isExecuting.value)
        #expect(again.value.isEmpty)
    }

    @Test("before the enabling signal sends, the command is enabled; then it follows the latest value")
    func enabledIfSignal() {
        let enabling = Subject<Bool, Never>()
        let command = Command<Int, Int, Never>(enabledIf: enabling.signal) { .just($0) }
        let enabled = command.isEnabled.signal.record()
        #expect(command.isEnabled.value)
        enabling.sendNext(false)
        #expect(command.execute(1).record().failure == .notEnabled)
        enabling.sendNext(false)
        enabling.sendNext(true)
        #expect(command.execute(2).record().values == [2])
        // The repeated `false` sends nothing; the execution disables the command while it runs.
        #expect(enabled.values == [true, false, true, false, true])
    }

    @Test("a property as the enabling input: its current value counts from the start")
    func enabledIfProperty() {
        let isValid = MutableProperty(false)
        let command = Command<Void, Int, Never>(enabledIf: isValid) { .just(1) }
        #expect(!command.isEnabled.value)
        #expect(command.execute().record().failure == .notEnabled)
        isValid.value = true
        #expect(command.execute().record().values == [1])
    }

    @Test("a change of the enabling input alone does not make isExecuting send")
    func enablingInputDoesNotTouchExecuting() {
        let isValid = MutableProperty(true)
        let command = Command<Void, Int, Never>(enabledIf: isValid) { .just(1) }
        let executing = command.isExecuting.signal.record()
        isValid.value = false
        isValid.value = true
        #expect(executing.values == [false])
    }

    @Test("an enabling input fed from isExecuting neither deadlocks nor sends a flag twice")
    func enablingFedFromExecuting() {
        let harness = Harness()
        let notExecuting = Subject<Bool, Never>()
        let command = Command<Int, String, TestError>(
            enabledIf: notExecuting.signal, allowsConcurrentExecution: true, execute: harness.work)
        command.isExecuting.signal.subscribe(next: { notExecuting.sendNext(!$0) })
        let enabled = command.isEnabled.signal.record()
        command.execute(1)
        #expect(!command.isEnabled.value)
        harness.latest.sendCompleted()
        #expect(command.isEnabled.value)
        #expect(enabled.values == [true, false, true])
    }

    @Test("an observer of isEnabled that changes the enabling input neither deadlocks nor re-sends")
    func enablingWrittenFromEnabledObserver() {
        let isAllowed = MutableProperty(true)
        let harness = Harness()
        let command = Command<Int, String, TestError>(enabledIf: isAllowed, execute: harness.work)
        let seen = Locked<[Bool]>([])
        command.isEnabled.changes.subscribe(next: { enabled in
            seen.append(enabled)
            if !enabled { isAllowed.value = false }
        })
        command.execute(1)
        harness.latest.sendCompleted()
        #expect(seen.value == [false])
        #expect(!command.isEnabled.value)
        isAllowed.value = true
        #expect(seen.value == [false, true])
    }

    @Test(
        "apply starts nothing until subscribed, and disposing the subscription disposes the work and clears isExecuting"
    )
    func applyIsLazyAndCancellable() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        let completions = command.completions.record()
        let execution = command.apply(1)
        #expect(harness.inputs.value.isEmpty)
        let subscription = execution.subscribe()
        #expect(command.isExecuting.value)
        let source = harness.latest
        subscription.dispose()
        #expect(source.isDisposed)
        #expect(!command.isExecuting.value)
        #expect(command.isEnabled.value)
        #expect(completions.values.isEmpty)
    }

    @Test(
        "execute starts the work with nobody subscribed, and its signal replays the execution to late subscribers"
    )
    func executeIsEagerAndReplays() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(execute: harness.work)
        let execution = command.execute(1)
        #expect(harness.inputs.value == [1])
        harness.latest.sendNext("a")
        harness.latest.sendNext("b")
        let late = execution.record()
        #expect(late.values == ["a", "b"])
        harness.latest.sendCompleted()
        #expect(late.isCompleted)
        #expect(execution.record().values == ["a", "b"])
    }

    @Test(
        "executions sends each execution as it starts; it replays its values and completes even when the work fails"
    )
    func executions() {
        let harness = Harness()
        let command = Command<Int, String, TestError>(allowsConcurrentExecution: true, execute: harness.work)
        let inner = Locked<[EventRecorder<String, Never>]>([])
        command.executions.subscribe(next: { inner.append($0.record()) })
        command.execute(1)
        harness.latest.sendNext("a")
        harness.latest.sendError(.boom)
        command.execute(2)
        harness.latest.sendNext("b")
        #expect(inner.value.count == 2)
        #expect(inner.value[0].values == ["a"])
        #expect(inner.value[0].isCompleted)
        #expect(inner.value[1].values == ["b"])
        #expect(!inner.value[1].isTerminated)
    }

    @Test("a command built from state gives its work the value that enabled it")
    func stateAndPredicate() {
        let count = MutableProperty(0)
        let command = Command<Int, Int, Never>(state: count, enabledIf: { $0 > 0 }) { state, input in
            .just(state * input)
        }
        #expect(!command.isEnabled.value)
        count.value = 3
        #expect(command.execute(2).record().values == [6])
        count.value = 0
        #expect(command.execute(2).record().failure == .notEnabled)
    }

    @Test("a command unwrapping an optional state is enabled only while it is not nil")
    func unwrapping() {
        let user = MutableProperty<String?>(nil)
        let command = Command<String, String, Never>(unwrapping: user) { name, greeting in
            .just("\(greeting), \(name)")
        }
        #expect(!command.isEnabled.value)
        user.value = "Ada"
        #expect(command.isEnabled.value)
        #expect(command.execute("Hello").record().values == ["Hello, Ada"])
        user.value = nil
        #expect(command.execute("Hello").record().failure == .notEnabled)
    }

    @Test("a command built from state alone is always enabled and gives its work the current state")
    func stateAlone() {
        let multiplier = MutableProperty(2)
        let command = Command<Int, Int, Never>(state: multiplier) { state, input in .just(state * input) }
        #expect(command.isEnabled.value)
        #expect(command.execute(3).record().values == [6])
        multiplier.value = 5
        #expect(command.execute(3).record().values == [15])
    }

    @Test("a command keeps the property it takes its state from alive until it is released")
    func keepsItsStateProperty() {
        var state: MutableProperty<Int>? = MutableProperty(4)
        weak let weakState = state
        var command: Command<Int, Int, Never>? = Command(state: state!, enabledIf: { $0 > 0 }) {
            state, input in
            .just(state + input)
        }
        state = nil
        #expect(weakState != nil)
        weakState?.value = 10
        #expect(command!.execute(1).record().values == [11])
        weakState?.value = 0
        #expect(!command!.isEnabled.value)
        command = nil
        #expect(weakState == nil)
    }

    @Test(
        "a command keeps its enabling property and the optional state it unwraps alive until it is released")
    func keepsItsEnablingAndUnwrappedProperties() {
        var isValid: MutableProperty<Bool>? = MutableProperty(true)
        weak let weakIsValid = isValid
        var user: MutableProperty<String?>? = MutableProperty("Ada")
        weak let weakUser = user
        var enabled: Command<Void, Int, Never>? = Command(enabledIf: isValid!) { .just(1) }
        var greeting: Command<String, String, Never>? = Command(unwrapping: user!) { name, greeting in
            .just("\(greeting), \(name)")
        }
        isValid = nil
        user = nil
        #expect(weakIsValid != nil)
        #expect(weakUser != nil)
        weakIsValid?.value = false
        #expect(!enabled!.isEnabled.value)
        weakUser?.value = "Grace"
        #expect(greeting!.execute("Hi").record().values == ["Hi, Grace"])
        enabled = nil
        greeting = nil
        #expect(weakIsValid == nil)
        #expect(weakUser == nil)
    }

    @Test(
        "a released command disposes its running work, completes that execution and every signal, and is not kept alive"
    )
    func releaseEndsEverything() {
        let harness = Harness()
        var command: Command<Int, String, TestError>? = Command(execute: harness.work)
        weak let weakCommand = command
        let execution = command!.apply(1).record()
        let isExecuting = command!.isExecuting
        let values = command!.values.record()
        let errors = command!.errors.record()
        let executions = command!.executions.record()
        let executing = isExecuting.signal.record()
        let source = harness.latest
        command = nil
        #expect(weakCommand == nil)
        #expect(source.isDisposed)
        #expect(execution.isCompleted)
        #expect(values.isCompleted)
        #expect(errors.isCompleted)
        #expect(executions.isCompleted)
        #expect(executing.values == [true, false])
        #expect(executing.isCompleted)
        #expect(!isExecuting.value)
    }

    @Test("a command whose enabling property outlives it stops following it when released")
    func releaseStopsFollowingTheEnablingInput() {
        let isValid = MutableProperty(true)
        var command: Command<Void, Int, Never>? = Command(enabledIf: isValid) { .just(1) }
        weak let weakCommand = command
        command = nil
        #expect(weakCommand == nil)
        isValid.value = false
    }

    @Test("an execution applied after its command was released completes at once")
    func applyAfterRelease() {
        var command: Command<Void, Int, Never>? = Command { .just(1) }
        let execution = command!.apply()
        command = nil
        let recorder = execution.record()
        #expect(recorder.isCompleted)
        #expect(recorder.values.isEmpty)
    }

    @Test("on the virtual clock: isExecuting spans the work's time")
    func virtualTime() {
        let scheduler = TestScheduler()
        let command = Command<Int, Int, Never> { input in
            Signal.just(input).delay(2, on: scheduler)
        }
        let executing = command.isExecuting.signal.record(clock: scheduler)
        let result = command.execute(5).record(clock: scheduler)
        scheduler.advance(by: .seconds(1))
        #expect(command.isExecuting.value)
        scheduler.advance(by: .seconds(1))
        #expect(!command.isExecuting.value)
        #expect(result.values == [5])
        #expect(executing.values == [false, true, false])
        let times = executing.records.map { $0.time?.timeIntervalSince(TestScheduler.defaultStartDate) }
        #expect(times == [0, 0, 2])
    }

    @Test("8 threads executing a concurrent command lose no execution and break no grammar")
    func concurrentThreads() {
        let command = Command<Int, Int, TestError>(allowsConcurrentExecution: true) { input in
            input % 10 == 0 ? .error(.tagged(input)) : .just(input)
        }
        let values = command.values.record()
        let errors = command.errors.record()
        let completions = command.completions.record()
        let executing = command.isExecuting.signal.record()
        onThreads(8) { thread in
            for index in 0..<1_000 {
                let result = command.execute(thread * 1_000 + index).record()
                precondition(result.isTerminated, "an execution did not end")
            }
        }
        #expect(values.values.count == 7_200)
        #expect(errors.values.count == 800)
        #expect(completions.values.count == 7_200)
        #expect(!command.isExecuting.value)
        #expect(executing.values.last == false)
        #expect(!executing.isTerminated)
    }

    @Test("8 threads racing a serial command: each attempt either runs alone or is a disabled attempt")
    func serialCommandRace() {
        let running = Counter()
        let overlaps = Counter()
        let command = Command<Int, Int, Never> { input in
            Signal.defer {
                if running.increment() > 1 { overlaps.increment() }
                running.decrement()
                return .just(input)
            }
        }
        let completions = command.completions.record()
        let disabled = command.disabledAttempts.record()
        onThreads(8) { thread in
            for index in 0..<1_000 { command.execute(thread * 1_000 + index) }
        }
        #expect(overlaps.value == 0)
        #expect(completions.values.count + disabled.values.count == 8_000)
        #expect(completions.values.count > 0)
        #expect(!command.isExecuting.value)
        #expect(command.isEnabled.value)
    }
}

@Suite("Command as a binding target")
struct CommandBindingTests {
    @Test("binding a signal into a command executes it with each value")
    func bindingExecutes() {
        let command = Command<Int, Int, Never> { .just($0 * 10) }
        let values = command.values.record()
        command <~ Signal.from([1, 2, 3])
        #expect(values.values == [10, 20, 30])
    }

    @Test("a value bound while the command is not enabled is a disabled attempt")
    func bindingWhileDisabled() {
        let isValid = MutableProperty(false)
        let command = Command<Int, Int, Never>(enabledIf: isValid) { .just($0) }
        let disabled = command.disabledAttempts.record()
        let taps = Subject<Int, Never>()
        command <~ taps.signal
        taps.sendNext(1)
        isValid.value = true
        taps.sendNext(2)
        #expect(disabled.values == [1])
        #expect(!command.isExecuting.value)
    }

    @Test("a binding does not keep the command alive, and ends when it is released")
    func bindingEndsWithTheCommand() {
        let taps = ManualSource<Int, Never>()
        var command: Command<Int, Int, Never>? = Command { .just($0) }
        weak let weakCommand = command
        command! <~ taps.signal
        command = nil
        #expect(weakCommand == nil)
        #expect(taps.isDisposed)
    }
}
