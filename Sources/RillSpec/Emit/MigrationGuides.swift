/// The hand-written half of the migration guides: for each library users come to Rill from, the
/// differences no table of names can carry. `DocsEmitter` puts each before the generated table
/// of names in its guide.
enum MigrationGuides {
    /// A library users come to Rill from: one of the counterpart fields' libraries, or RAC 2.5,
    /// whose selectors the `rac:` fields give.
    enum Peer: CaseIterable {
        case reactiveCocoa
        case reactiveSwift
        case rxSwift
        case combine

        var library: Counterpart.Library? {
            switch self {
            case .reactiveCocoa: nil
            case .reactiveSwift: .reactiveSwift
            case .rxSwift: .rxSwift
            case .combine: .combine
            }
        }

        var displayName: String { library?.displayName ?? "ReactiveCocoa 2.5" }

        /// The guide's file name, which is also its DocC article name.
        var page: String {
            switch self {
            case .reactiveCocoa: "MigratingFromReactiveCocoa.md"
            case .reactiveSwift: "MigratingFromReactiveSwift.md"
            case .rxSwift: "MigratingFromRxSwift.md"
            case .combine: "MigratingFromCombine.md"
            }
        }

        var differences: String {
            switch self {
            case .reactiveCocoa: MigrationGuides.reactiveCocoa
            case .reactiveSwift: MigrationGuides.reactiveSwift
            case .rxSwift: MigrationGuides.rxSwift
            case .combine: MigrationGuides.combine
            }
        }
    }

    /// Why the guides list the peers' types and Rill declares none of them.
    static let types = """
        Rill declares no type under another library's name: during a migration a file often imports
        both libraries, and a second `Observable` or `PassthroughSubject`, even an unavailable one,
        would make the other library's own type ambiguous there. The types are in the table above
        instead.
        """

    static let reactiveCocoa = """
        Rill keeps RAC 2.5's semantics: what `-bind:`, `-concat:` and `-zipWith:` do, when signals
        complete, what disposal means, and that `-throttle:` is a trailing debounce. What changes is the
        shape Swift 6 gives them.

        - **Typed values and errors.** A `RACSignal` of `id` values that fails with an `NSError` is a
          `Signal<Value, Failure>`; a signal that cannot fail is a `Signal<Value, Never>`, and
          `catch` or `replaceError(with:)` turns one into the other.
        - **Selectors become Swift names** with argument labels: `-subscribeNext:error:completed:` is
          `subscribe(next:error:completed:)`, `-takeUntil:` is `take(untilTrigger:)`, `+return:` is
          `just(_:)` (and `return(_:)`). The table below gives every operator's.
        - **Sendable closures.** Blocks become `@Sendable` closures, so a signal can move between
          threads under Swift 6's checking; state a block captured is per-subscription `state` in a
          spec, or a lock in a hand-written operator.
        - **The main thread is the main actor.** `-deliverOnMainThread` is `deliver(on: .main)`, which
          returns a `MainActorSignal` whose handlers are `@MainActor`.

        | ReactiveCocoa 2.5 | Rill |
        |---|---|
        | `RACSignal` | `Signal<Value, Failure>` |
        | `RACSubject`, `RACReplaySubject`, `RACBehaviorSubject` | `Subject`, `ReplaySubject`, `BehaviorSubject` |
        | `RACMulticastConnection` | `MulticastConnection` |
        | `RACCommand` | `Command` |
        | `RACDisposable`, `RACCompositeDisposable`, `RACSerialDisposable`, `RACScopedDisposable` | `any Disposable`, `CompositeDisposable`, `SerialDisposable`, `ScopedDisposable` |
        | `RACScheduler` | `Scheduler`; `QueueScheduler`, `ImmediateScheduler`, `MainScheduler` |
        | `RACObserve(object, keyPath)` | `signal(for: \\.keyPath)` on an `@Observable` object |
        | `RAC(object, keyPath) = signal` | `signal.bind(to: object, \\.keyPath)` |
        """

    static let reactiveSwift = """
        Rill and ReactiveSwift both descend from ReactiveCocoa, and share much: typed failures,
        `Property` and `MutableProperty`, `Lifetime`, `<~`, `FlattenStrategy`. The differences are
        in which type is cold, and in a few names that mean something else.

        - **One signal type, and it is cold.** Rill's `Signal` is ReactiveSwift's `SignalProducer`:
          each subscription starts the work again. A ReactiveSwift `Signal`, hot and shared, is a
          `Subject` you send into, or a cold signal shared with `publish()` or `replayLazily()`.
          `Signal.pipe()` is a `Subject`. `SignalProducerConvertible` is `SignalConvertible`:
          operators take a subject or a property wherever they take a signal.
        - **Starting is subscribing.** `start()`, `startWithValues(_:)` and `observe(_:)` are
          `subscribe(next:error:completed:)`; `start(on:)` is `subscribe(on:)`, and `observe(on:)`
          is `deliver(on:)`.
        - **`throttle(_:on:)` is another operator.** ReactiveSwift's is a rate limit; Rill's, as
          RAC's `-throttle:`, is a trailing debounce, ReactiveSwift's `debounce(_:on:)`. Code that
          calls `throttle(_:on:)` compiles against both and behaves differently: check every call.
        - **`take(until:)` takes a predicate.** Rill names the trigger form `take(untilTrigger:)`,
          and ReactiveSwift's `take(until:)` with a trigger does not compile against Rill.
        - **`Action` is `Command`**, with `isExecuting`, `isEnabled`, `values`, `errors` and
          `execute(_:)`; `NoError` is `Never`, and `promoteError(_:)` is `setFailureType(to:)`.
        """

    static let rxSwift = """
        - **Typed failures.** An `Observable<Element>` fails with any `Error`; a `Signal<Value,
          Failure>` states its failure type, and `Signal<Value, Never>` cannot fail, the guarantee
          RxCocoa's `Driver` and RxSwift's `Infallible` give. `catch(_:)` and `replaceError(with:)`
          (RxSwift's `catchAndReturn(_:)`) change it.
        - **`debounce` is Rill's `throttle(_:on:)`**, as RAC's `-throttle:`. RxSwift's `throttle` is a
          rate limit, which Rill does not have; sample the signal with `sample(with:)` on
          `Signal.interval(_:on:)` to pass at most one value per interval.
        - **`take(until:)` takes a predicate.** RxSwift's `take(until:)` given an observable is Rill's
          `take(untilTrigger:)`; given one, a call compiles against neither and is reported as a
          type error, not as a rename.
        - **`toArray()` blocks.** It compiles against Rill, as the blocking `toArray(timeout:)` that
          waits for the signal to complete; the operator that sends the array is `collect()`.
        - **Subscribing.** `subscribe(onNext:onError:onCompleted:)` is
          `subscribe(next:error:completed:)`, and `disposed(by:)` is `store(in:)` on a `DisposeBag`.
          The `error` handler receives the typed failure; `onDisposed` is `on(dispose:)` before the
          subscription. `subject.onNext(x)` is `subject.send(x)`, and a subject chains operators
          as an observable does and goes wherever an operator takes a signal
          (`ObservableConvertibleType` is `SignalConvertible`).
        - **Sharing.** `share(replay:)` is `share(replay:scope:)` with the default scope,
          `.whileConnected`: it disposes its source after the last subscriber and subscribes again
          for the next. `replayLazily()` is the `.forever` scope that never disposes its source.
          `replay(_:)` and `publish()` return a `MulticastConnection` to `connect()`.
        - **Retrying.** `retry(3)` counts attempts, Rill's `retry(upTo: 2)` counts retries.
          `retry(when:)` keeps its name; `retry(upTo:backoff:on:)` waits longer after each failure.
        - **Schedulers.** `observe(on:)` is `deliver(on:)`, and `deliver(on: .main)` gives a
          `MainActorSignal` whose handlers are `@MainActor`, as a `Driver`'s are on the main thread.
          Time is a `TimeInterval` in seconds, not a `DispatchTimeInterval`.

        | RxSwift, RxCocoa | Rill |
        |---|---|
        | `Observable<Element>` | `Signal<Value, Failure>` |
        | `Single`, `Maybe`, `Completable` | a `Signal` that sends at most one value, or none |
        | `Driver`, `Infallible` | `Signal<Value, Never>`, with `deliver(on: .main)` for a `Driver` |
        | `PublishSubject`, `BehaviorSubject`, `ReplaySubject` | `Subject`, `BehaviorSubject`, `ReplaySubject` |
        | `PublishRelay`, `BehaviorRelay` | `Subject<Value, Never>`, `MutableProperty` |
        | `Disposable`, `DisposeBag` | `any Disposable`, `DisposeBag` |
        | `ConnectableObservable` | `MulticastConnection` |
        | `Action` (RxSwiftCommunity) | `Command` |
        """

    static let combine = """
        - **No demand.** A Combine subscriber requests values; a Rill signal sends them as they come,
          and a slow subscriber is called serially rather than asked for less. `buffer`, `throttle`
          and `sample(with:)` are the tools for a fast source.
        - **Subscriptions are not cancelled on release.** An `AnyCancellable` cancels when it is
          released; an `any Disposable` keeps the subscription until `dispose()` is called. Keep it in
          a `DisposeBag`, or call `scoped()` for a disposable that disposes when released, as
          `AnyCancellable` does.
        - **`sink` is `subscribe`.** `sink(receiveCompletion:receiveValue:)` is
          `subscribe(next:error:completed:)`: the failure and the completion have handlers of their
          own rather than one `Subscribers.Completion`.
        - **`debounce` is Rill's `throttle(_:on:)`**, as RAC's `-throttle:`. Combine's `throttle` is a
          rate limit, which Rill does not have.
        - **Schedulers.** `receive(on:)` is `deliver(on:)`, and `deliver(on: .main)` returns a
          `MainActorSignal` whose handlers are `@MainActor`. `subscribe(on:)` keeps its name. Time
          is a `TimeInterval` in seconds.
        - **Sharing.** `share()` keeps its name: one subscription while anyone is subscribed,
          subscribed again after the last has gone. A subject chains operators as a publisher does
          and goes wherever an operator takes a signal, and `send(_:)` keeps its name; completion is `sendCompleted()`.
        - **Values in `async` code.** `values` is an `AsyncSequence` in both; Rill's throws the
          signal's own failure type.

        | Combine | Rill |
        |---|---|
        | `AnyPublisher<Output, Failure>`, `Publisher` | `Signal<Value, Failure>` |
        | `Just`, `Empty`, `Fail`, `Deferred` | `Signal.just(_:)`, `Signal.empty`, `Signal.error(_:)`, `Signal.defer(_:)` |
        | `Future` | `Signal { try await … }` |
        | `PassthroughSubject`, `CurrentValueSubject` | `Subject`, `BehaviorSubject` |
        | `@Published var x` and `$x` | `MutableProperty`, or `signal(for: \\.x)` on an `@Observable` object |
        | `AnyCancellable`, `Set<AnyCancellable>` | `any Disposable` (`scoped()` to cancel on release), `DisposeBag` |
        | `ConnectablePublisher` | `MulticastConnection` |
        """
}
