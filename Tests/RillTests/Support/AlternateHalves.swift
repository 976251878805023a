extension Array {
    /// Every other element, from the first (`half` 0) or the second (`half` 1): two halves of a
    /// table whose neighbouring rows cost alike, for two suites that run side by side.
    func alternateHalf(_ half: Int) -> [Element] {
        precondition(half == 0 || half == 1, "alternateHalf(_:): half is 0 or 1, not \(half)")
        return enumerated().filter { $0.offset % 2 == half }.map(\.element)
    }
}
