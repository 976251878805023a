/// How long something lasts — an object, a screen, a piece of work — as a value others can
/// observe, so that what depends on it (a binding, a subscription) ends with it (ReactiveSwift
/// `Lifetime`).
///
/// A lifetime ends once and for good, when its ``Token`` is released or disposed. Give an object
/// a lifetime by storing the token, so that the lifetime ends when the object goes:
///
/// ```swift
/// final class Screen: LifetimeProviding {
///     let lifetime: Lifetime
///     private let token: Lifetime.Token
///
///     init() {
///         (lifetime, token) = Lifetime.make()
///     }
/// }
/// ```
///
/// A lifetime may be read, observed and ended from any thread.
public final class Lifetime: Sendable {
    private struct State {
        var hasEnded = false
        var nextKey = 0
        var observers: [Int: @Sendable () -> Void] = [:]
    }

    private let state = Lock(State())

    private init() {}

    /// Creates a lifetime and the token that ends it. The lifetime ends when the token is
    /// disposed or released, whichever comes first; keep the token where the thing that
    /// "lives" keeps its state.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let lifetime = Lifetime()
        return (lifetime, Token(lifetime))
    }

    /// Creates a lifetime that ends when `token` does (ReactiveSwift `Lifetime(_:)`, with
    /// `Lifetime.Token()`): at once if it already has.
    ///
    /// ``make()`` gives a lifetime and its token in one step.
    public convenience init(_ token: Token) {
        self.init()
        // Weak: the token, which may outlive this lifetime, must not keep it alive.
        token.lifetime.observeEnded { [weak self] in self?.end() }
    }

    /// A lifetime that has already ended: what depends on it ends at once.
    public static let empty: Lifetime = {
        let lifetime = Lifetime()
        lifetime.end()
        return lifetime
    }()

    /// Whether this lifetime has ended.
    public var hasEnded: Bool { state.withLock { $0.hasEnded } }

    /// Calls `action` once, when this lifetime ends, on the thread that ends it; if it has
    /// already ended, calls `action` at once, on the calling thread.
    ///
    /// - Returns: A disposable that stops `action` from being called, so that a dependant that
    ///   ends first does not stay registered; `nil` if the lifetime had already ended.
    @discardableResult
    public func observeEnded(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let key: Int? = state.withLock { state in
            guard !state.hasEnded else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.observers[key] = action
            return key
        }
        guard let key else {
            action()
            return nil
        }
        // Weak: a detached observer must not keep the lifetime of what it observed alive.
        return ActionDisposable { [weak self] in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: key) }
        }
    }

    /// Completes when this lifetime ends, at once if it already has: for operators that take a
    /// trigger signal, such as `take(untilTrigger: lifetime.ended)`.
    public var ended: Signal<Never, Never> {
        Signal.create { subscriber in
            self.observeEnded { subscriber.sendCompleted() }
        }
    }

    /// Ends the lifetime: runs every observer once, outside the lock, in no particular order.
    fileprivate func end() {
        let observers: [@Sendable () -> Void] = state.withLock { state in
            guard !state.hasEnded else { return [] }
            state.hasEnded = true
            defer { state.observers = [:] }
            return Array(state.observers.values)
        }
        for observer in observers { observer() }
    }
}

extension Lifetime {
    /// Ends its ``Lifetime`` when disposed or released: the owner's half of ``Lifetime/make()``.
    ///
    /// A token is a ``Disposable``, so it can end a lifetime together with other resources,
    /// from a ``DisposeBag`` for instance.
    public final class Token: Disposable {
        fileprivate let lifetime: Lifetime

        fileprivate init(_ lifetime: Lifetime) {
            self.lifetime = lifetime
        }

        /// Creates a token, for ``Lifetime/init(_:)``: `let lifetime = Lifetime(token)`.
        public convenience init() {
            self.init(Lifetime())
        }

        deinit { lifetime.end() }

        /// Whether the lifetime has ended, through this token or because it was released.
        public var isDisposed: Bool { lifetime.hasEnded }

        /// Ends the lifetime now.
        public func dispose() { lifetime.end() }
    }
}

/// An object that announces its end through a ``Lifetime``, so that bindings to it end as soon
/// as it goes, not at the next value sent to it.
///
/// A `@MainActor` type declares the property `nonisolated`: a lifetime is `Sendable` and is read
/// from the thread a binding runs on.
public protocol LifetimeProviding: AnyObject {
    /// Ends when the object is released (or earlier, if the object says so).
    var lifetime: Lifetime { get }
}
