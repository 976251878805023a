extension Signal {
    /// Shares one subscription to this signal among all the subscriptions to the result that
    /// overlap in time, and makes a new one when a subscription arrives after they all ended.
    ///
    /// The first subscription to the result subscribes to this signal; later ones join it and
    /// first receive the last `replay` values it sent. When the last subscription ends, by
    /// disposal or because this signal ended, the shared subscription is disposed and its
    /// remembered values are forgotten: the next subscription to the result subscribes to this
    /// signal again. A screen that goes away and comes back therefore gets a live signal, where
    /// ``MulticastConnection/autoconnect()``, as RAC's `-autoconnect`, connects only once.
    ///
    /// ```swift
    /// let user = api.user(id).share(replay: 1)
    /// user.subscribe(next: { header.show($0) })   // the request runs once for both
    /// user.subscribe(next: { avatar.show($0) })
    /// ```
    @inlinable
    public func share(replay: Int = 0) -> Signal<Value, Failure> {
        let capacity = ArgumentCheck.count(replay, of: "share(replay:)", argument: "replay")
        let sharing = SharedSubscription(self, replay: capacity)
        return Signal(
            name: .derived(from: self, "share(replay: \(capacity))"),
            producer: { downstream, lifetime in sharing.join(downstream, in: lifetime) })
    }
}

/// The subscription that ``Signal/share(replay:)`` shares while it has subscribers.
@usableFromInline
final class SharedSubscription<Value: Sendable, Failure: Error>: Sendable {
    /// One shared subscription to the source and the subscriptions to the result that use it.
    @usableFromInline
    final class Connection: Sendable {
        @usableFromInline let broadcast: Broadcast<Value, Failure>
        @usableFromInline let subscription = SerialDisposable()

        @inlinable
        init(replay: Int) {
            broadcast = Broadcast(memory: .values(ReplayBuffer(capacity: replay)))
        }
    }

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var connection: Connection?
        @usableFromInline var subscribers = 0

        @inlinable init() {}
    }

    @usableFromInline let source: Signal<Value, Failure>
    @usableFromInline let replay: Int
    @usableFromInline let state = Lock(State())

    @inlinable
    init(_ source: Signal<Value, Failure>, replay: Int) {
        self.source = source
        self.replay = replay
    }

    /// Subscribes `downstream` to the current connection, making one first if there is none.
    @inlinable
    func join(_ downstream: Observer<Value, Failure>, in lifetime: CompositeDisposable) {
        let (connection, isNew) = state.withLock { state in
            state.subscribers += 1
            if let connection = state.connection { return (connection, false) }
            let connection = Connection(replay: replay)
            state.connection = connection
            return (connection, true)
        }
        lifetime.add { [self] in leave(connection) }
        connection.broadcast.subscribe(downstream, in: lifetime)
        if isNew { connect(connection) }
    }

    /// Subscribes the connection to the source. The connection is forgotten before the source's
    /// end is passed on, so that a subscription made in answer to that end gets a new one, and
    /// its subscription to the source is disposed once the end has been passed on: no subscriber
    /// is left to leave it.
    @inlinable
    func connect(_ connection: Connection) {
        let subscription = CompositeDisposable()
        connection.subscription.inner = subscription
        source.subscribe(
            Observer(handlingInPlace: { [self] event in
                if event.isTerminal { forget(connection) }
                connection.broadcast.send(event)
                if event.isTerminal { subscription.dispose() }
            }),
            in: subscription)
    }

    @inlinable
    func leave(_ connection: Connection) {
        let isLast = state.withLock { state in
            guard state.connection === connection else { return false }
            state.subscribers -= 1
            guard state.subscribers == 0 else { return false }
            state.connection = nil
            return true
        }
        if isLast { connection.subscription.dispose() }
    }

    @inlinable
    func forget(_ connection: Connection) {
        state.withLock { state in
            guard state.connection === connection else { return }
            state.connection = nil
            state.subscribers = 0
        }
    }
}
