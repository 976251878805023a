/// What the compiler help for peers' names needs beyond the specs: the members of Rill written
/// by hand, which no peer declaration may shadow, and the peers' everyday names that are not
/// operators, so no spec's counterpart field holds them.
public enum PeerVocabulary {
    /// Members of `Signal` written by hand that are not catalogue entries, as calls can spell
    /// them: a label followed by `?` may be left out, since its parameter has a default.
    /// `HandWrittenMemberTests` checks this list against `Sources/Rill`.
    public static let handWrittenMembers: [String] = [
        "asynchronousFirst(default?:timeout?:)", "asynchronouslyWaitUntilCompleted(timeout?:)",
        "return(_:)", "bind(to:)", "bind(to:error:)", "bind(to:nilValue:)", "bind(to:_:)", "collect()",
        "first()",
        "first(timeout?:)", "first(default:timeout?:)", "toArray(timeout?:)", "waitUntilCompleted(timeout?:)",
        "subscribe(_:in:)", "subscribe(next?:error?:completed?:)", "subscribe(_:)", "deliver(on:)",
        "values", "values(bufferingPolicy:)", "named(_:)", "name", "description", "debugDescription",
        "record()", "signal",
    ]

    /// A peer's name that code moving to Rill is full of, with what to write instead.
    public struct Extra: Hashable, Sendable {
        public var library: Counterpart.Library
        public var host: PeerDeclaration.Host
        public var name: String
        /// Rill's name, when a rename is the whole fix.
        public var renamed: String?
        public var message: String?
        /// Generic parameters the types below use, such as `_rillRoot`.
        public var generics: [String] = []
        /// Per parameter, its type, or `nil` for a generic one that takes any argument. A closure
        /// needs its type here, or the compiler cannot type the closure and says only that.
        public var types: [String?] = []
    }

    static let valueHandler = "@escaping @Sendable (Value) -> Void"
    static let failureHandler = "@escaping @Sendable (Failure) -> Void"
    static let completionHandler = "@escaping @Sendable () -> Void"
    static let anyHandler = "@escaping @Sendable (Any) -> Void"

    static let rateLimit =
        "RxSwift's throttle is a rate limit, which Rill does not have; Rill's `throttle(_:on:)`, as RAC's `-throttle:`, is RxSwift's `debounce`. To pass at most one value per interval, use `sample(with: Signal.interval(seconds, on: scheduler))`"
    static let alreadySignal = "a Signal is already the type to pass around and subscribe to: remove the call"

    public static let extras: [Extra] = [
        Extra(library: .rxSwift, host: .signal, name: "throttle(_:latest:scheduler:)", message: rateLimit),
        Extra(library: .rxSwift, host: .signal, name: "throttle(_:scheduler:)", message: rateLimit),
        Extra(
            library: .combine, host: .signal, name: "throttle(for:scheduler:latest:)",
            message:
                "Combine's throttle is a rate limit, which Rill does not have; Rill's `throttle(_:on:)`, as RAC's `-throttle:`, is Combine's `debounce`. To pass at most one value per interval, use `sample(with: Signal.interval(seconds, on: scheduler))`"
        ),
        Extra(
            library: .rxSwift, host: .signal, name: "subscribe(onNext:)", renamed: "subscribe(next:)",
            types: [valueHandler]),
        Extra(
            library: .rxSwift, host: .signal, name: "subscribe(onNext:onError:)",
            renamed: "subscribe(next:error:)",
            message: "Rill's `error` handler receives the signal's typed `Failure`",
            types: [valueHandler, failureHandler]),
        Extra(
            library: .rxSwift, host: .signal, name: "subscribe(onNext:onError:onCompleted:)",
            renamed: "subscribe(next:error:completed:)",
            message: "Rill's `error` handler receives the signal's typed `Failure`",
            types: [valueHandler, failureHandler, completionHandler]),
        Extra(
            library: .rxSwift, host: .signal, name: "subscribe(onNext:onError:onCompleted:onDisposed:)",
            message:
                "use `on(dispose:)` for the `onDisposed` code, then `subscribe(next:error:completed:)`",
            types: [valueHandler, failureHandler, completionHandler, completionHandler]),
        Extra(
            library: .rxSwift, host: .signal, name: "subscribe(onError:)", renamed: "subscribe(error:)",
            types: [failureHandler]),
        Extra(
            library: .rxSwift, host: .signal, name: "subscribe(onCompleted:)",
            renamed: "subscribe(completed:)",
            types: [completionHandler]),
        Extra(library: .rxSwift, host: .disposable, name: "disposed(by:)", renamed: "store(in:)"),
        Extra(library: .rxSwift, host: .signal, name: "asObservable()", message: alreadySignal),
        Extra(library: .combine, host: .signal, name: "eraseToAnyPublisher()", message: alreadySignal),
        Extra(
            library: .combine, host: .signal, name: "sink(receiveValue:)", renamed: "subscribe(next:)",
            types: [valueHandler]),
        Extra(
            library: .combine, host: .signal, name: "sink(receiveCompletion:receiveValue:)",
            message:
                "use `subscribe(next:error:completed:)`: Rill calls `error` with the failure and `completed` on completion, rather than one handler with a `Subscribers.Completion`; keep the `any Disposable` it returns, or `store(in:)` a `DisposeBag`",
            types: [anyHandler, valueHandler]),
        Extra(
            library: .combine, host: .signal, name: "assign(to:on:)",
            message:
                "use `bind(to: object, keyPath)`, which takes the object first and holds it weakly, on a signal that cannot fail",
            generics: ["_rillRoot: AnyObject"],
            types: ["ReferenceWritableKeyPath<_rillRoot, Value>", "_rillRoot"]),
        Extra(
            library: .reactiveSwift, host: .signal, name: "startWithValues(_:)", renamed: "subscribe(next:)",
            types: [valueHandler]),
        Extra(
            library: .reactiveSwift, host: .signal, name: "startWithFailed(_:)", renamed: "subscribe(error:)",
            types: [failureHandler]),
        Extra(
            library: .reactiveSwift, host: .signal, name: "startWithCompleted(_:)",
            renamed: "subscribe(completed:)",
            types: [completionHandler]),
        Extra(
            library: .reactiveSwift, host: .signal, name: "observeValues(_:)", renamed: "subscribe(next:)",
            message: "Rill's signals are cold, as `SignalProducer`s: each subscription starts the work",
            types: [valueHandler]),
        Extra(library: .reactiveSwift, host: .signal, name: "start()", renamed: "subscribe()"),
    ]
}
