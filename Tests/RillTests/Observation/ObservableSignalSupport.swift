import Observation
import Rill

/// A model as an app writes one: main-actor state, observable.
@MainActor
@Observable
final class ObservedModel {
    var query = ""
    var count = 0
    var selection: String?
    var settings = ObservedSettings()
    @ObservationIgnored var untracked = 0
}

@MainActor
@Observable
final class ObservedSettings {
    var name = "initial"
}

/// What one subscription received, and how many events arrived off the main queue.
final class ObservedEvents<Value: Sendable>: Sendable {
    private struct State {
        var values: [Value] = []
        var completions = 0
        var offMainEvents = 0
        var waiters: [(count: Int, gate: Gate)] = []
    }

    private let state = Locked(State())

    var values: [Value] { state.withLock { $0.values } }
    var completions: Int { state.withLock { $0.completions } }
    var offMainEvents: Int { state.withLock { $0.offMainEvents } }

    func subscribe(to signal: Signal<Value, Never>) -> any Disposable {
        signal.subscribe(
            next: { value in self.record { $0.values.append(value) } },
            completed: { self.record { $0.completions += 1 } })
    }

    /// Waits until `count` events (values and completions) have arrived; false after the hang guard.
    func events(_ count: Int) async -> Bool {
        let gate = Gate()
        let reached = state.withLock { state in
            if state.values.count + state.completions >= count { return true }
            state.waiters.append((count, gate))
            return false
        }
        return reached ? true : await gate.value()
    }

    private func record(_ event: @Sendable (inout State) -> Void) {
        let onMain = MainScheduler.isOnMainQueue
        let opened = state.withLock { state in
            event(&state)
            if !onMain { state.offMainEvents += 1 }
            let seen = state.values.count + state.completions
            let ready = state.waiters.filter { $0.count <= seen }.map(\.gate)
            state.waiters.removeAll { $0.count <= seen }
            return ready
        }
        for gate in opened { gate.open() }
    }
}
