extension Signal {
    /// A signal whose `body` runs once, on `scheduler`, when the result is first subscribed to;
    /// every subscription receives everything `body` sent, then the live events (RAC
    /// `+startLazilyWithScheduler:block:`).
    ///
    /// `body` sends through a ``Subscriber``, now or later, from any thread. Each subscription is
    /// made on `scheduler`, as with RAC's `-subscribeOn:`; disposing a subscription does not stop
    /// `body`'s work, which other subscriptions share.
    ///
    /// ```swift
    /// let settings = Signal<Settings, LoadError>.startLazily(on: QueueScheduler()) { subscriber in
    ///     store.loadSettings { result in
    ///         switch result {
    ///         case .success(let settings): subscriber.sendNext(settings); subscriber.sendCompleted()
    ///         case .failure(let error): subscriber.sendError(error)
    ///         }
    ///     }
    /// }
    /// ```
    @inlinable
    public static func startLazily(
        on scheduler: any Scheduler, _ body: @escaping @Sendable (Subscriber<Value, Failure>) -> Void
    ) -> Signal<Value, Failure> {
        let connection = Signal.create { subscriber in
            body(subscriber)
            return nil
        }
        .multicast(ReplaySubject())
        return Signal(
            name: SignalName("+startLazilyWithScheduler: block:"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add { delivery.detach() }
                lifetime.add(
                    scheduler.schedule {
                        guard !lifetime.isDisposed else { return }
                        connection.signal.subscribe(
                            Observer(handlingInPlace: { delivery.send($0) }), in: lifetime)
                        connection.connect()
                    })
            })
    }

    /// Runs `body` once, on `scheduler`, right away; every subscription to the result receives
    /// everything `body` sent, then the live events (RAC `+startEagerlyWithScheduler:block:`).
    ///
    /// See ``startLazily(on:_:)``.
    @inlinable
    public static func startEagerly(
        on scheduler: any Scheduler, _ body: @escaping @Sendable (Subscriber<Value, Failure>) -> Void
    ) -> Signal<Value, Failure> {
        let signal = startLazily(on: scheduler, body)
        signal.publish().connect()
        return signal.named("+startEagerlyWithScheduler: block:")
    }
}
