import Synchronization

/// Tells when an observation registration is dropped without having reported a change.
///
/// Linux has no deallocation hooks, and `withObservationTracking` does not call `onChange` when
/// the observed object is deallocated. But the object's registrar releases the `onChange` closure
/// then, and with it this registration, which the closure holds: a registration released before
/// ``markChanged()`` was called outlived its object's registrar.
final class TrackingRegistration: Sendable {
    private let changed = Atomic<Bool>(false)
    private let droppedWithoutChange: @Sendable () -> Void

    init(droppedWithoutChange: @escaping @Sendable () -> Void) {
        self.droppedWithoutChange = droppedWithoutChange
    }

    /// Records that the registration reported a change, the usual way for it to end.
    func markChanged() {
        changed.store(true, ordering: .releasing)
    }

    deinit {
        if !changed.load(ordering: .acquiring) { droppedWithoutChange() }
    }
}
