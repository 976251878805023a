extension Schedulers {
    /// The scheduler time operators fall back on when the thread they run on has no current
    /// scheduler (RAC's `+[RACScheduler scheduler]`): a serial queue of its own.
    public static let background = QueueScheduler(qos: .default, name: "rill.background")

    /// ``current``, or ``background`` when there is none: where `delay`, `throttle` and
    /// resubscription schedule their work (rule G9).
    public static var currentOrBackground: any Scheduler { current ?? background }
}
