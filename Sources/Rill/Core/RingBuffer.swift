/// A FIFO queue with O(1) append and removal at the front, used for buffered events and values.
@usableFromInline
struct RingBuffer<Element> {
    @usableFromInline var storage: ContiguousArray<Element?> = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { count == 0 }

    // Appending and popping are forced inline into the locked sections that call them: a call
    // costs about as much as the work. Indices are masked into the storage, so the wrapping
    // arithmetic cannot overflow.
    @inlinable @inline(__always)
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[(head &+ count) & (storage.count &- 1)] = element
        count &+= 1
    }

    @inlinable @inline(__always)
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head].take()
        head = (head &+ 1) & (storage.count &- 1)
        count &-= 1
        return element
    }

    /// The element at the front, which ``popFirst()`` would remove.
    @inlinable var first: Element? {
        count > 0 ? storage[head] : nil
    }

    /// The element `offset` places behind the front.
    ///
    /// - Precondition: `offset` is in `0..<count`.
    @inlinable
    subscript(offset offset: Int) -> Element {
        get {
            precondition(offset >= 0 && offset < count, "RingBuffer: offset \(offset) outside 0..<\(count)")
            return storage[(head &+ offset) & (storage.count &- 1)]!
        }
        set {
            precondition(offset >= 0 && offset < count, "RingBuffer: offset \(offset) outside 0..<\(count)")
            storage[(head &+ offset) & (storage.count &- 1)] = newValue
        }
    }

    /// Empties the buffer and returns what it held.
    @inlinable
    mutating func takeAll() -> RingBuffer {
        let taken = self
        storage = []
        head = 0
        count = 0
        return taken
    }

    @inlinable
    mutating func removeAll() {
        storage = []
        head = 0
        count = 0
    }

    @inlinable
    mutating func grow() {
        // Capacity stays a power of two so that wrapping is a mask.
        let newCapacity = Swift.max(8, storage.count * 2)
        var newStorage = ContiguousArray<Element?>(repeating: nil, count: newCapacity)
        for offset in 0..<count {
            newStorage[offset] = storage[(head + offset) & (storage.count - 1)].take()
        }
        storage = newStorage
        head = 0
    }
}

extension RingBuffer: Sendable where Element: Sendable {}
