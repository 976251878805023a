/// The operator of another reactive library that does what a Rill operator does, as a spec's
/// `reactiveswift:`, `rxswift:` or `combine:` field names it, for the migration map.
public struct Counterpart: Hashable, Sendable {
    /// A library users come to Rill from.
    public enum Library: String, CaseIterable, Hashable, Sendable {
        case reactiveSwift = "reactiveswift"
        case rxSwift = "rxswift"
        case combine

        /// The field that names the counterpart: `rxswift`.
        public var key: String { rawValue }

        /// The library's own spelling: `RxSwift`.
        public var displayName: String {
            switch self {
            case .reactiveSwift: "ReactiveSwift"
            case .rxSwift: "RxSwift"
            case .combine: "Combine"
            }
        }
    }

    public var library: Library
    /// The counterpart's Swift name, as its library spells it: `take(until:)`, `Publishers.Zip`.
    public var name: String
    /// The difference in behaviour that bites when moving code to Rill, if there is one.
    public var note: String?
    /// Where the field's value starts.
    public var location: SourceLocation

    public init(library: Library, name: String, note: String?, location: SourceLocation) {
        self.library = library
        self.name = name
        self.note = note
        self.location = location
    }
}
