/// The subscriptions of a ``Broadcast`` at one moment, in one buffer.
///
/// The sender of a value reads the broadcast's current list without retaining it: a retain and
/// a release of a shared object per value and broadcast were a sixth of a property's update. So
/// the broadcast writes a list in place only while no sender can be reading it and no queued
/// event holds it; otherwise it writes a copy, and keeps the list it replaced alive until the
/// sender gives the token back (``BroadcastToken/Flag/retired``).
@usableFromInline
final class ReceiverList<Value: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked: two locks guard it. Writes happen only under its broadcast's `state` lock,
    // and only while no sender holds the broadcast's token (Broadcast.canWriteInPlace); a
    // sender reads it only while it holds that token, taken and given back with acquiring and
    // releasing order, so a write and a read never overlap.

    @usableFromInline typealias Receiver = BroadcastReceiver<Value, Failure>

    /// Each retained by the list, and held unmanaged so that calling one retains nothing.
    @usableFromInline let receivers: UnsafeMutablePointer<Unmanaged<Receiver>>
    @usableFromInline let capacity: Int
    /// Written only as the list is, so that reading it needs no exclusivity check per value.
    @exclusivity(unchecked) @usableFromInline var count = 0

    @inlinable
    init(capacity: Int) {
        self.capacity = capacity
        receivers = .allocate(capacity: capacity)
    }

    deinit {
        for index in 0..<count { receivers[index].release() }
        receivers.deallocate()
    }

    @inlinable
    var isFull: Bool { count == capacity }

    /// Adds `receiver` at the end; there must be room.
    @inlinable
    func append(_ receiver: Receiver) {
        (receivers + count).initialize(to: .passRetained(receiver))
        count += 1
    }

    /// A new list of the receivers not yet detached, in their order, with room for `capacity`.
    @inlinable
    func copyOfLive(capacity: Int) -> ReceiverList {
        let copy = ReceiverList(capacity: Swift.max(capacity, count))
        for index in 0..<count where !receivers[index]._withUnsafeGuaranteedRef({ $0.isDetached }) {
            (copy.receivers + copy.count).initialize(to: receivers[index].retain())
            copy.count += 1
        }
        return copy
    }

    /// Drops the detached receivers in place, keeping the order of the others; returns how many
    /// are left.
    @inlinable
    func removeDetached() -> Int {
        var live = 0
        for index in 0..<count {
            if receivers[index]._withUnsafeGuaranteedRef({ $0.isDetached }) {
                receivers[index].release()
            } else {
                receivers[live] = receivers[index]
                live += 1
            }
        }
        count = live
        return live
    }

    /// Delivers `event` to each receiver still subscribed; returns whether disposed ones make up
    /// more than half of the list, so that it is worth pruning.
    @inlinable
    func send(_ event: Event<Value, Failure>) -> Bool {
        let count = count
        var detached = 0
        for index in 0..<count where !receivers[index]._withUnsafeGuaranteedRef({ $0.send(event) }) {
            detached += 1
        }
        return detached * 2 > count
    }
}
