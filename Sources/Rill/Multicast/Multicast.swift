extension Signal {
    /// Shares one subscription to this signal through `subject` (RAC `-multicast:`).
    ///
    /// Nothing is subscribed until the connection's ``MulticastConnection/connect()`` (or the
    /// first subscription to its ``MulticastConnection/autoconnect()`` signal). The subject
    /// decides what late subscribers see: nothing (``Subject``), the latest value
    /// (``BehaviorSubject``), or the remembered values and the end (``ReplaySubject``).
    @inlinable
    public func multicast(_ subject: any SubjectProtocol<Value, Failure>) -> MulticastConnection<
        Value, Failure
    > {
        MulticastConnection(source: self, subject: subject)
    }

    /// ``multicast(_:)`` onto a subject whose type is known here: what `publish()` and the
    /// replays use, so that the values they share are sent into the subject by code specialized
    /// for it. Through the existential, every value went through the subject's generic
    /// implementation and looked up type metadata.
    @inlinable
    func multicast<Shared: SubjectProtocol<Value, Failure>>(_ subject: Shared) -> MulticastConnection<
        Value, Failure
    > {
        MulticastConnection(source: self, subject: subject)
    }
}
