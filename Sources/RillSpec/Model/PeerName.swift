/// A counterpart's name taken apart: `Observable.zip(_:_:)` is the member `zip` of `Observable`
/// with the labels `_` and `_`.
public struct PeerName: Hashable, Sendable {
    /// What comes before the member: `Observable` in `Observable.zip(_:_:)`, empty for a method.
    public var qualifier: [String]
    public var base: String
    /// The argument labels (`_` for none), or `nil` when the name has no parentheses.
    public var labels: [String]?
    /// Whether an argument picks a behaviour, as in `flatten(.latest)`, so the name is a call
    /// rather than a declaration.
    public var selectsBehaviour: Bool

    /// Reads a name the counterpart parser has accepted.
    public init(_ name: String) {
        let open = name.firstIndex(of: "(")
        let head = open.map { String(name[..<$0]) } ?? name
        let parts = head.split(separator: ".").map(String.init)
        qualifier = Array(parts.dropLast())
        base = parts.last ?? head
        selectsBehaviour = false
        labels = nil
        guard let open else { return }
        let inside = name[name.index(after: open)..<(name.lastIndex(of: ")") ?? name.endIndex)]
        if inside.contains(".") {
            selectsBehaviour = true
            return
        }
        labels = inside.split(separator: ":").map { $0.trimmingCharacters(in: " ") }
    }

    /// The name as Swift's diagnostics print it: `debounce(_:scheduler:)`.
    public var fullName: String {
        guard let labels else { return base }
        return base + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// Whether the name starts with a capital, so it names a type or an initializer.
    public var isType: Bool { base.first?.isUppercase ?? false }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
