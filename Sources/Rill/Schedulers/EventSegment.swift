import Synchronization

/// A run of slots in a queue with one producer and one consumer (``ScheduledBatch``): the
/// producer writes a slot, then counts it with a releasing store; the consumer reads the count
/// with an acquiring load and moves out the slots below it. A full segment links the next one,
/// twice as long up to ``maximumCapacity``, so that a queue that never holds more than a few
/// events keeps a few slots, and a long burst allocates a segment per 256 events.
///
/// Each segment holds its successor (retained, in `successor`), so the consumer releases a
/// segment it has emptied by taking that link and dropping the segment; a chain left behind
/// is released one segment at a time, not by recursion.
@usableFromInline
final class EventSegment<Element> {
    // Not Sendable: only a ``ScheduledBatch`` reaches it, under the batch's own exclusion. A slot
    // is written once by the producer before the releasing store of `count` that covers it, and
    // moved out only by the consumer, after the acquiring load that sees it; `taken` is the
    // consumer's alone; `successor` is atomic.

    @inlinable static var initialCapacity: Int { 8 }
    @inlinable static var maximumCapacity: Int { 256 }

    @usableFromInline let capacity: Int
    @usableFromInline let slots: UnsafeMutablePointer<Element>
    /// How many slots the producer has written.
    @usableFromInline let count = Atomic<Int>(0)
    /// How many slots the consumer has moved out.
    @exclusivity(unchecked) @usableFromInline var taken = 0
    /// The next segment, retained, once this one is full.
    @usableFromInline let successor = Atomic<Unmanaged<EventSegment>?>(nil)

    @inlinable
    init(capacity: Int = initialCapacity) {
        self.capacity = capacity
        slots = .allocate(capacity: capacity)
    }

    /// The segment to link when this one is full.
    @inlinable
    func makeSuccessor() -> EventSegment {
        EventSegment(capacity: min(2 * capacity, Self.maximumCapacity))
    }

    deinit {
        let written = count.load(ordering: .acquiring)
        (slots + taken).deinitialize(count: written - taken)
        slots.deallocate()
        var next = successor.exchange(nil, ordering: .acquiring)
        while let segment = next {
            next = segment.takeUnretainedValue().successor.exchange(nil, ordering: .acquiring)
            segment.release()
        }
    }
}
