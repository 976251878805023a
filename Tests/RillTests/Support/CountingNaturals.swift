/// An infinite sequence that counts how many elements were pulled from it.
struct CountingNaturals: Sequence, Sendable {
    let pulled: Counter

    struct Iterator: IteratorProtocol {
        let pulled: Counter
        var current = 0

        mutating func next() -> Int? {
            pulled.increment()
            defer { current += 1 }
            return current
        }
    }

    func makeIterator() -> Iterator { Iterator(pulled: pulled) }
}
