/// The right-hand side of `derive:`: an expression over signals, built from primitives,
/// earlier entries and Swift fragments.
public indirect enum Derivation: Hashable, Sendable {
    /// `self`, the receiver.
    case receiver(SourceLocation)
    /// `name(args) { closure }`, with a receiver (`self.map { … }`, `just(x).concat(self)`) or
    /// without one (`empty`, `just(x)`, `bind { … }`).
    case call(Call)
    /// `condition ? a : b`, where the condition is Swift.
    case conditional(condition: LocatedText, then: Derivation, else: Derivation)
    /// A Swift expression of signal type that the generator does not look into.
    case swift(LocatedText)

    public struct Call: Hashable, Sendable {
        public var receiver: Derivation?
        public var name: String
        public var location: SourceLocation
        public var arguments: [Argument]
        public var trailingClosure: Closure?
        /// What the name refers to, filled in by the checker.
        public var resolution: Resolution?

        /// Arguments including the trailing closure, as the callee counts them.
        public var arity: Int { arguments.count + (trailingClosure == nil ? 0 : 1) }
    }

    /// The catalogue entry a call refers to.
    public struct Resolution: Hashable, Sendable {
        public var key: String
        public var isPrimitive: Bool
        public var isStatic: Bool
        public var isProperty: Bool
    }

    public struct Argument: Hashable, Sendable {
        public var label: String?
        public var value: Value

        public enum Value: Hashable, Sendable {
            case signal(Derivation)
            case swift(LocatedText)
            case closure(Closure)
        }
    }

    public struct Closure: Hashable, Sendable {
        /// `value` or `acc, value`; empty when the body uses `$0`.
        public var parameters: String
        public var body: Body
        public var location: SourceLocation
        /// Where the body's first character stands.
        public var bodyStart: SourceLocation? = nil

        public enum Body: Hashable, Sendable {
            /// Plain Swift.
            case swift(LocatedText)
            /// The block of `bind` or `flattenMap`: Swift in which each result is a step.
            case steps(StepBody)
        }
    }
}

/// A `bind`/`flattenMap` block body: Swift text with result sites cut out of it.
public struct StepBody: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        /// Swift between the answers, located so that it can be laid out at its spec columns.
        case swift(LocatedText)
        /// `return <step>`, or the single expression of a one-expression body.
        case result(Step, isReturnStatement: Bool)
    }

    public var pieces: [Piece]

    /// Every step that can be the block's answer.
    public var steps: [Step] {
        pieces.flatMap { piece -> [Step] in
            if case .result(let step, _) = piece { return step.leaves } else { return [] }
        }
    }
}

/// What a block answers for one value.
public indirect enum Step: Hashable, Sendable {
    /// `just(x)`: send x.
    case just(LocatedText, SourceLocation)
    /// `empty`: send nothing.
    case empty(SourceLocation)
    /// `error(e)`: fail with e.
    case error(LocatedText, SourceLocation)
    /// `stop`: stop consuming the source (bind only).
    case stop(SourceLocation)
    /// `last(step)`: answer step, then stop (bind only).
    case last(Step, SourceLocation)
    /// `signal(s)`: merge an arbitrary signal.
    case signal(LocatedText, SourceLocation)
    /// `condition ? a : b`.
    case conditional(LocatedText, Step, Step)

    var leaves: [Step] {
        switch self {
        case .conditional(_, let a, let b): a.leaves + b.leaves
        case .last(let inner, _): [self] + inner.leaves
        default: [self]
        }
    }

    public var location: SourceLocation? {
        switch self {
        case .just(_, let l), .empty(let l), .error(_, let l), .stop(let l), .last(_, let l),
            .signal(_, let l):
            l
        case .conditional(_, let a, _): a.location
        }
    }
}

extension Derivation {
    /// Whether the derivation uses `self`, or the Swift value `name`.
    public func mentions(receiver: Bool, name: String? = nil) -> Bool {
        switch self {
        case .receiver: return receiver
        case .swift(let text): return text.text == name
        case .conditional(_, let a, let b):
            return a.mentions(receiver: receiver, name: name) || b.mentions(receiver: receiver, name: name)
        case .call(let call):
            if let calleeReceiver = call.receiver {
                return calleeReceiver.mentions(receiver: receiver, name: name)
            }
            if receiver && call.resolution?.isStatic == false { return true }
            return call.arguments.contains { argument in
                if case .signal(let inner) = argument.value {
                    return inner.mentions(receiver: receiver, name: name)
                }
                return false
            }
        }
    }
}

extension Derivation {
    /// Whether a `bind` block, which per-subscription state belongs to, occurs in the derivation.
    /// Arguments not yet read as signals count if their text calls `bind`.
    var hasBindBlock: Bool {
        switch self {
        case .receiver: return false
        case .swift(let text):
            return SwiftScanner(text.text).words("bind", in: 0..<text.text.count).isEmpty == false
        case .conditional(_, let a, let b): return a.hasBindBlock || b.hasBindBlock
        case .call(let call):
            if call.name == "bind", case .steps? = call.trailingClosure?.body { return true }
            if call.receiver?.hasBindBlock == true { return true }
            return call.arguments.contains { argument in
                switch argument.value {
                case .signal(let inner): inner.hasBindBlock
                case .swift(let text): Derivation.swift(text).hasBindBlock
                case .closure: false
                }
            }
        }
    }
}

extension Derivation {
    /// The first call with a trailing closure whose name is a misspelling of `bind` (`bnd`, `bidn`,
    /// `bindd`): where state without a `bind` block most likely went wrong.
    var misspeltBind: Call? {
        switch self {
        case .receiver, .swift: return nil
        case .conditional(_, let a, let b): return a.misspeltBind ?? b.misspeltBind
        case .call(let call):
            if call.name != "bind", call.trailingClosure != nil,
                editDistance(call.name, "bind") <= 1 || call.name.sorted() == "bind".sorted()
            {
                return call
            }
            if let found = call.receiver?.misspeltBind { return found }
            for argument in call.arguments {
                if case .signal(let inner) = argument.value, let found = inner.misspeltBind { return found }
            }
            return nil
        }
    }
}
