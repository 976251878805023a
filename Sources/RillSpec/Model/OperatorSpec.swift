/// One entry of the catalogue: everything known about one operator.
public struct OperatorSpec: Hashable, Sendable {
    /// The Swift name (`take`).
    public var name: String
    /// Where `operator NAME` stands.
    public var location: SourceLocation
    /// The RAC selector it corresponds to (`-take:`), if any.
    public var selector: String?
    public var signature: Signature
    /// The documentation, as Markdown.
    public var documentation: String
    public var implementation: Implementation
    /// Per-subscription state of a stateful derivation: Swift `var` declarations.
    public var state: [LocatedText]
    public var examples: [Example]
    public var model: Model?
    /// How the generated stack-depth check chains the operator, or why it has none.
    public var chain: ChainCheck?
    /// The text of `derive:` or `primitive:`, as written, for documentation.
    public var implementationText: String = ""
    /// Where the text of `derive:` starts.
    public var implementationLocation: SourceLocation?
    /// The operators of other libraries that do what this one does, for the migration map.
    public var counterparts: [Counterpart] = []
    /// Whether the entry belongs to another package's catalogue: usable by name, never emitted.
    public var isExternal = false

    public enum Implementation: Hashable, Sendable {
        /// Written by hand in `Sources/`.
        case primitive
        /// Derived from primitives and earlier entries.
        case derived(Derivation)
    }

    /// A stable identity for overloads: name, static-ness and argument labels (`scan(_:_:)`).
    public var key: String { signature.key }

    /// The key, told apart from overloads with the same labels (see ``Signature/identity``).
    public var identity: String { signature.identity }

    public init(
        name: String, location: SourceLocation, selector: String?, signature: Signature,
        documentation: String, implementation: Implementation, state: [LocatedText],
        examples: [Example], model: Model?
    ) {
        self.name = name
        self.location = location
        self.selector = selector
        self.signature = signature
        self.documentation = documentation
        self.implementation = implementation
        self.state = state
        self.examples = examples
        self.model = model
    }
}

/// A Swift operator signature: `func take(_ count: Int) -> Signal<Value, Failure>`.
public struct Signature: Hashable, Sendable {
    public var isStatic: Bool
    /// `static var empty: Signal<Value, Failure>` rather than a function.
    public var isProperty: Bool = false
    /// Written `@_disfavoredOverload`: the type checker tries it after the other overloads.
    public var isDisfavored: Bool = false
    public var name: String
    /// Generic parameter clause including the angle brackets, or empty.
    public var genericParameters: String
    public var parameters: [Parameter]
    public var returnType: String
    /// `where …` clause without the keyword, or empty.
    public var whereClause: String
    /// The generic parameters its types may use: `Value`, `Failure` and its own.
    public var typesInScope: Set<String> = ["Value", "Failure"]
    public var location: SourceLocation

    public struct Parameter: Hashable, Sendable {
        /// The argument label; `nil` for `_`.
        public var label: String?
        public var name: String
        public var type: String
        public var defaultValue: String?

        /// Whether the argument is a closure (can be passed as a trailing closure).
        public var isFunction: Bool { type.contains("->") }

        /// Whether the parameter takes any number of arguments: a pack (`repeat …`) or `T...`.
        public var isVariadic: Bool { type.hasPrefix("repeat ") || type.hasSuffix("...") }

        /// Whether the argument is a signal, which a derivation may chain operators on.
        public var isSignal: Bool {
            let element = type.hasPrefix("repeat ") ? type.dropFirst("repeat ".count) : Substring(type)
            return element.hasPrefix("Signal") || element.hasPrefix("Self")
        }
    }

    public var key: String {
        if isProperty { return (isStatic ? "static " : "") + name }
        let labels = parameters.map { ($0.label ?? "_") + ($0.isVariadic ? "…:" : ":") }.joined()
        return (isStatic ? "static " : "") + "\(name)(\(labels))"
    }

    /// What tells one entry from another: the ``key``, and for a constrained overload its result
    /// and constraints, since overloads may differ only in those (`flattenMap` on a signal that
    /// cannot fail).
    public var identity: String {
        whereClause.isEmpty ? key : "\(key) -> \(returnType) where \(whereClause)"
    }

    /// The attributes to write before the declaration's access level, each followed by a space.
    public var attributes: String { isDisfavored ? "@_disfavoredOverload " : "" }

    /// `name(label:_:)`, for messages.
    public var displayName: String {
        if isProperty { return name }
        return "\(name)(\(parameters.map { ($0.label ?? "_") + ":" }.joined()))"
    }

    /// The declaration as written in Swift, without access level and attributes.
    /// The name as a declaration spells it: keywords need backticks.
    public var declaredName: String { SwiftNames.declared(name) }

    public var declaration: String {
        if isProperty { return (isStatic ? "static " : "") + "var \(declaredName): \(returnType)" }
        var text = (isStatic ? "static " : "") + "func \(declaredName)\(genericParameters)("
        text += parameters.map { parameter in
            let label = parameter.label ?? "_"
            let head = label == parameter.name ? label : "\(label) \(parameter.name)"
            let tail = parameter.defaultValue.map { " = \($0)" } ?? ""
            return "\(head): \(parameter.type)\(tail)"
        }.joined(separator: ", ")
        text += ") -> \(returnType)"
        if !whereClause.isEmpty { text += " where \(whereClause)" }
        return text
    }
}

/// A marble example: sources, an expression over them, and the expected output.
public struct Example: Hashable, Sendable {
    public static func == (lhs: Example, rhs: Example) -> Bool {
        lhs.sources == rhs.sources && lhs.expression == rhs.expression && lhs.expected == rhs.expected
            && lhs.legend.map { "\($0.character)=\($0.value)" }
                == rhs.legend.map { "\($0.character)=\($0.value)" }
            && lhs.valueType == rhs.valueType && lhs.location == rhs.location
            && lhs.derivation == rhs.derivation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(expression)
        hasher.combine(location)
    }

    public struct Source: Hashable, Sendable {
        /// The name the expression uses; `self` for the receiver of a one-source example.
        public var name: String
        public var marble: LocatedText
    }

    public var sources: [Source]
    /// A Swift expression. For a one-source example it is written without a receiver
    /// (`take(2)`) and applied to the source.
    public var expression: LocatedText
    public var expected: LocatedText
    /// Values of the expected marble that are not single characters: `A="ax"` → ("A", "\"ax\"").
    public var legend: [(character: Character, value: String)] = []
    /// The type of the marble values: `String` (letters) or `Int` (digits).
    public var valueType: String
    public var location: SourceLocation
    /// The expression read as a derivation over the sources, filled in by the checker.
    public var derivation: Derivation? = nil
}

/// A reference model: the operator applied to a sequence source behaves like a Swift
/// expression over the array of values, `values`.
public struct Model: Hashable, Sendable {
    public var call: LocatedText
    public var expected: LocatedText
    public var location: SourceLocation
    /// The call read as a derivation, filled in by the checker.
    public var derivation: Derivation? = nil
}

/// How an operator's generated stack-depth check wraps a signal in it once: an expression over
/// a signal of `Int` that sends 7 and completes (the receiver, or `chain` by name) that sends 7
/// and completes too. Or, where no such expression exists, why.
public struct ChainCheck: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case wrap(LocatedText)
        case exempt(reason: String)
    }

    public var kind: Kind
    public var location: SourceLocation
    /// The expression read as a derivation, filled in by the checker.
    public var derivation: Derivation? = nil
}
