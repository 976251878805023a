import Foundation

extension Duration {
    /// This duration in seconds, as the time operators that take a `TimeInterval` read it.
    @inlinable
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
