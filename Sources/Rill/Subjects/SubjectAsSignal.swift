import Foundation

// A subject is a signal in RxSwift and in Combine, so their users chain and subscribe to it
// directly. The operators of the specs are forwarded to `signal` by the generator; these are the
// hand-written ways to subscribe, deliver and wait.
extension SubjectProtocol {
    /// ``Signal/subscribe(next:error:completed:)`` on the subject's ``signal``.
    @inlinable
    @discardableResult
    public func subscribe(
        next: consuming @escaping @Sendable (Value) -> Void = { _ in },
        error: consuming @escaping @Sendable (Failure) -> Void = { _ in },
        completed: consuming @escaping @Sendable () -> Void = {}
    ) -> any Disposable {
        signal.subscribe(next: next, error: error, completed: completed)
    }

    /// ``Signal/subscribe(_:)`` on the subject's ``signal``: feeds another receiver.
    @inlinable
    @discardableResult
    public func subscribe(_ receiver: some EventReceiver<Value, Failure>) -> any Disposable {
        signal.subscribe(receiver)
    }

    /// ``Signal/subscribe(_:in:)`` on the subject's ``signal``.
    @inlinable
    public func subscribe(_ observer: Observer<Value, Failure>, in lifetime: CompositeDisposable) {
        signal.subscribe(observer, in: lifetime)
    }

    /// ``Signal/deliver(on:)-(MainScheduler)`` on the subject's ``signal``: `subject.deliver(on:
    /// .main)` is a ``MainActorSignal``.
    @inlinable
    public func deliver(on scheduler: MainScheduler) -> MainActorSignal<Value, Failure> {
        signal.deliver(on: scheduler)
    }

    /// ``Signal/values`` of the subject's ``signal``: `for try await value in subject.values`.
    @inlinable
    public var values: SignalValues<Value, Failure> { signal.values }
}
