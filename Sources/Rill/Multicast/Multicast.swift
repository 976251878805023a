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
}
