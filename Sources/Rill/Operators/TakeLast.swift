extension Signal {
    /// Sends the last `count` values once this signal completes, then completes (RAC
    /// `-takeLast:`). An error is passed on at once and the buffered values are dropped.
    /// `takeLast(0)` sends no value and completes with this signal.
    ///
    /// - Precondition: `count` is not negative.
    @inlinable
    public func takeLast(_ count: Int) -> Signal {
        let count = ArgumentCheck.count(count, of: "takeLast(_:)")
        return Signal(name: .derived(from: self, "-takeLast: \(count)"), lifting: self) {
            downstream, lifetime in
            var buffered = RingBuffer<Value>()
            return Observer(handlingInPlace: { event in
                switch event {
                case .next(let value):
                    guard count > 0 else { return }
                    if buffered.count == count { _ = buffered.popFirst() }
                    buffered.append(value)
                case .error(let failure):
                    downstream.sendError(failure)
                case .completed:
                    while let value = buffered.popFirst() {
                        guard !lifetime.isDisposed else { return }
                        downstream.sendNext(value)
                    }
                    downstream.sendCompleted()
                }
            })
        }
    }
}
