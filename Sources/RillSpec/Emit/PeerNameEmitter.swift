/// One name of another library that Rill declares unavailable, so that the compiler answers a
/// call by that name with Rill's name (`renamed:`, a fix-it) or with what to write instead.
public struct PeerDeclaration: Hashable, Sendable {
    /// Where the declaration goes.
    public enum Host: Int, Hashable, Sendable, Comparable {
        /// A method of `Signal`: `signal.debounce(…)`.
        case signal
        /// A static member of `Signal`, for the peers' constructors: `Signal.just(…)` for
        /// `Observable.just(…)`.
        case signalType
        /// A method of every `Disposable`: `subscription.disposed(by:)`.
        case disposable

        public static func < (lhs: Host, rhs: Host) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var host: Host
    public var name: PeerName
    /// The libraries that use the name, in `Counterpart.Library` order.
    public var libraries: [Counterpart.Library]
    public var renamed: String?
    public var message: String?
    /// Where the name comes from: a spec's counterpart field, or Rill's peer vocabulary.
    public var origin: String
    /// Its generic parameters, one per element, each as declared: `T: Sendable`.
    public var generics: [String]
    /// Per parameter, its type.
    public var types: [String]
    public var whereClause: String

    /// The names of its generic parameters.
    var genericNames: Set<String> {
        Set(generics.map(PeerNameEmitter.name(ofGenericParameter:)))
    }
}

/// Stage 5d, emit: the compiler help for peers' names. Every name a counterpart field gives for
/// a method of `Signal`, or for a constructor Rill spells as a static member, becomes an
/// unavailable declaration, unless Rill declares that name itself: a valid call of Rill must
/// resolve exactly as before.
public enum PeerNameEmitter {
    /// A name that gets no declaration, and why.
    public struct Skipped: Hashable, Sendable {
        public var library: Counterpart.Library
        public var name: String
        public var reason: String
    }

    public struct Plan: Hashable, Sendable {
        /// In emission order: by host, then by name.
        public var declarations: [PeerDeclaration]
        public var skipped: [Skipped]
    }

    /// The qualifiers of the peers' signal types, whose static members Rill declares on
    /// `Signal`: `Observable.just(_:)` becomes `Signal.just(_:)`.
    static let signalTypes: [Counterpart.Library: String] = [
        .rxSwift: "Observable", .reactiveSwift: "SignalProducer",
    ]

    public static func plan(_ specs: [OperatorSpec], paths: SpecPaths) -> Plan {
        let rill = RillNames(specs)
        var skipped: [Skipped] = []
        // (host, full name) → the declaration so far.
        var chosen: [String: PeerDeclaration] = [:]
        // The same catalogue in any order chooses the same spec for a shared name.
        let counterparts = specs.flatMap { spec in spec.counterparts.map { (spec, $0) } }
            .sorted { ($0.1.location, $0.1.library.order) < ($1.1.location, $1.1.library.order) }
        for (spec, counterpart) in counterparts {
            let name = PeerName(counterpart.name)
            func skip(_ reason: String) {
                skipped.append(Skipped(library: counterpart.library, name: counterpart.name, reason: reason))
            }
            let host: PeerDeclaration.Host
            if name.selectsBehaviour {
                skip("a call whose argument selects the behaviour")
                continue
            } else if name.isType {
                skip("a type or an initializer, which Rill does not declare (see the guide's types)")
                continue
            } else if name.labels == nil {
                skip("not a method")
                continue
            } else if name.qualifier.isEmpty {
                host = .signal
            } else if name.qualifier == [signalTypes[counterpart.library]] {
                host = .signalType
            } else {
                skip("a member of `\(name.qualifier.joined(separator: "."))`, which Rill has no type for")
                continue
            }
            if let clash = rill.clash(name, host: host) {
                skip(clash)
                continue
            }
            let key = "\(host.rawValue) \(name.fullName)"
            if var existing = chosen[key] {
                existing.merge(counterpart, target: spec.signature.displayName)
                chosen[key] = existing
                continue
            }
            let candidate = declaration(
                for: counterpart, name: name, host: host, target: spec,
                origin: paths.describe(counterpart.location))
            if let operatorName = rill.trailingClosureCallReaching(candidate) {
                skip(
                    "a call of Rill's `\(operatorName)` with a trailing closure would consider it too, and multiply the type checker's work on a chain of them"
                )
                continue
            }
            chosen[key] = candidate
        }
        for extra in PeerVocabulary.extras {
            let name = PeerName(extra.name)
            let key = "\(extra.host.rawValue) \(name.fullName)"
            if let clash = rill.clash(name, host: extra.host) {
                skipped.append(Skipped(library: extra.library, name: extra.name, reason: clash))
                continue
            }
            if var existing = chosen[key] {
                if !existing.libraries.contains(extra.library) {
                    existing.libraries = (existing.libraries + [extra.library]).sorted {
                        $0.order < $1.order
                    }
                }
                chosen[key] = existing
                continue
            }
            let types = (0..<(name.labels?.count ?? 0)).map { index in
                (extra.types.indices.contains(index) ? extra.types[index] : nil) ?? fresh(index)
            }
            chosen[key] = PeerDeclaration(
                host: extra.host, name: name, libraries: [extra.library], renamed: extra.renamed,
                message: extra.message, origin: "Rill's peer vocabulary",
                generics: extra.generics + freshGenerics(types),
                types: types, whereClause: "")
        }
        let declarations = chosen.values.sorted { ($0.host, $0.name.fullName) < ($1.host, $1.name.fullName) }
        return Plan(declarations: declarations, skipped: skipped)
    }

    /// A generic parameter for the `index`th argument, under the prefix of generated names.
    static func fresh(_ index: Int) -> String { "\(SwiftNames.generatedPrefix)T\(index)" }

    /// The generic parameters that `types` declares for arguments of any type.
    static func freshGenerics(_ types: [String]) -> [String] {
        types.enumerated().filter { $0.element == fresh($0.offset) }.map(\.element)
    }

    /// The declaration of `counterpart`, renamed to `target`. A parameter that takes a closure, or
    /// a value of one of Rill's generic parameters, gets the type of Rill's parameter in its place
    /// (where the counts of arguments agree) or with its label (where one parameter of each has
    /// it), so that the closure type-checks as it would for Rill's operator: the
    /// compiler then reports the rename, rather than a closure it cannot type. Every other
    /// parameter takes any argument.
    static func declaration(
        for counterpart: Counterpart, name: PeerName, host: PeerDeclaration.Host, target: OperatorSpec,
        origin: String
    ) -> PeerDeclaration {
        let count = name.labels?.count ?? 0
        let parameters = target.signature.parameters
        let rillGenerics = genericParameters(target.signature.genericParameters)
        var types: [String] = []
        var used: Set<String> = []
        let labels = name.labels ?? []
        let rillLabels = parameters.map { $0.label ?? "_" }
        for index in 0..<count {
            // Rill's parameter in the same place, or else the only one with the same label.
            let counterpart: Signature.Parameter?
            if parameters.count == count {
                counterpart = parameters[index]
            } else if labels.filter({ $0 == labels[index] }).count == 1,
                rillLabels.filter({ $0 == labels[index] }).count == 1,
                let position = rillLabels.firstIndex(of: labels[index])
            {
                counterpart = parameters[position]
            } else {
                counterpart = nil
            }
            if let counterpart, !counterpart.isVariadic,
                counterpart.isFunction || rillGenerics.contains(where: { $0.name == counterpart.type })
            {
                types.append(counterpart.type)
                used.formUnion(identifiers(counterpart.type))
            } else {
                types.append(fresh(index))
            }
        }
        let keptGenerics = rillGenerics.filter { used.contains($0.name) }
        let droppedGenerics = Set(rillGenerics.map(\.name)).subtracting(keptGenerics.map(\.name))
        // Rill's constraints only matter to the types taken from Rill, which may need them.
        let whereClause =
            !used.isEmpty && identifiers(target.signature.whereClause).isDisjoint(with: droppedGenerics)
            ? target.signature.whereClause : ""
        return PeerDeclaration(
            host: host, name: name, libraries: [counterpart.library], renamed: target.signature.displayName,
            message: counterpart.note, origin: origin,
            generics: keptGenerics.map(\.text) + freshGenerics(types), types: types, whereClause: whereClause)
    }

    /// `<Output: Sendable, E>` as its parameters, each with its name.
    static func genericParameters(_ text: String) -> [(name: String, text: String)] {
        let inner = text.trimmingSpaces.dropFirst().dropLast()
        var texts: [String] = []
        var depth = 0
        var current = ""
        for character in inner {
            if character == "<" || character == "(" || character == "[" { depth += 1 }
            if character == ">" || character == ")" || character == "]" { depth -= 1 }
            if character == ",", depth == 0 {
                texts.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingSpaces.isEmpty { texts.append(current.trimmingSpaces) }
        return texts.map { text in (name: name(ofGenericParameter: text), text: text) }
    }

    /// `T` for `T: Sendable`.
    static func name(ofGenericParameter text: String) -> String {
        String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }

    static func identifiers(_ text: String) -> Set<String> {
        Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }

    /// The Swift file of the declarations.
    public static func emit(_ specs: [OperatorSpec], paths: SpecPaths) -> String {
        let plan = plan(specs, paths: paths)
        var code = CodeWriter()
        code.line("// Generated by rill-ops from the counterpart fields of the specs in Specs/. Do not edit.")
        code.line("//")
        code.line("// Other libraries' names for Rill's operators, declared unavailable so that the compiler")
        code.line("// answers a call by such a name with Rill's: \(plan.declarations.count) names.")
        for host in [PeerDeclaration.Host.signal, .signalType, .disposable] {
            let members = plan.declarations.filter { $0.host == host }
            guard !members.isEmpty else { continue }
            code.line()
            code.block(host == .disposable ? "extension Disposable {" : "extension Signal {") { code in
                for (position, declaration) in members.enumerated() {
                    if position > 0 { code.line() }
                    emit(declaration, into: &code)
                }
            }
        }
        return code.text
    }

    static func emit(_ declaration: PeerDeclaration, into code: inout CodeWriter) {
        let libraries = declaration.libraries.map(\.displayName).joined(separator: ", ")
        code.line("// \(libraries): \(declaration.name.fullName), from \(declaration.origin)")
        var arguments = ["*", "unavailable"]
        if let renamed = declaration.renamed { arguments.append("renamed: \(renamed.swiftLiteral)") }
        if let message = declaration.message { arguments.append("message: \(message.swiftLiteral)") }
        code.line("@available(\(arguments.joined(separator: ", ")))")
        let parameters = (declaration.name.labels ?? []).enumerated().map { index, label in
            "\(label) \(SwiftNames.generatedPrefix)\(index): \(declaration.types[index])"
        }
        let generics = declaration.generics.isEmpty ? "" : "<\(declaration.generics.joined(separator: ", "))>"
        let constraints = declaration.whereClause.isEmpty ? "" : " where \(declaration.whereClause)"
        let isStatic = declaration.host == .signalType ? "static " : ""
        code.block(
            "public \(isStatic)func \(SwiftNames.declared(declaration.name.base))\(generics)(\(parameters.joined(separator: ", "))) -> Never\(constraints) {"
        ) { code in
            code.line("fatalError(\("\(declaration.name.fullName) is unavailable".swiftLiteral))")
        }
    }
}

extension PeerDeclaration {
    /// Adds another field that names the same peer: its library, and where it names another
    /// operator of Rill, that operator as an alternative.
    mutating func merge(_ counterpart: Counterpart, target: String) {
        let isNewLibrary = !libraries.contains(counterpart.library)
        if isNewLibrary {
            libraries = (libraries + [counterpart.library]).sorted { $0.order < $1.order }
        }
        var addition = isNewLibrary && counterpart.note != nil ? "\(counterpart.library.displayName): " : ""
        if target != renamed { addition += "or `\(target)`" + (counterpart.note == nil ? "" : ": ") }
        if let note = counterpart.note { addition += note }
        guard !addition.isEmpty else { return }
        message = (message.map { $0 + "; " } ?? "") + addition
    }
}

/// The names Rill declares on `Signal`, as calls can spell them.
struct RillNames {
    /// One parameter of a Rill declaration, as far as the labels of a call can tell.
    struct Parameter: Hashable {
        var label: String
        /// Has a default value, so a call may leave it out.
        var optional: Bool
        /// Takes any number of arguments, the first with the label and the others with none.
        var variadic: Bool
    }

    /// Base name → the parameters of each declaration of that name, and whether it is static.
    var functions: [String: [(parameters: [Parameter], isStatic: Bool)]] = [:]
    /// Instance operators whose last parameter is an unlabeled closure with a result of one of
    /// the operator's own generic parameters (`map`'s `Output`, `scan`'s `State`): at a call with a
    /// trailing closure, the type checker solves that parameter from the closure's body, once per
    /// candidate declaration the call can reach.
    var closureSolvedOperators: [(base: String, labels: [String], displayName: String)] = []
    /// Names of properties, such as `empty`.
    var properties: Set<String> = []

    init(_ specs: [OperatorSpec]) {
        for spec in specs {
            if spec.signature.isProperty {
                properties.insert(spec.signature.name)
                continue
            }
            add(
                spec.signature.name,
                spec.signature.parameters.map {
                    Parameter(
                        label: $0.label ?? "_", optional: $0.defaultValue != nil, variadic: $0.isVariadic)
                }, isStatic: spec.signature.isStatic)
            // Only an unlabeled closure: a labeled one (`retry(when:)`) is written with its label,
            // which keeps other labels' declarations out of the call's overload set.
            if !spec.signature.isStatic, let last = spec.signature.parameters.last, last.isFunction,
                last.label == nil,
                let result = last.type.range(of: "->", options: .backwards).map({
                    last.type[$0.upperBound...]
                })
            {
                let generics = Set(
                    PeerNameEmitter.genericParameters(spec.signature.genericParameters).map(\.name))
                if !PeerNameEmitter.identifiers(String(result)).isDisjoint(with: generics) {
                    closureSolvedOperators.append(
                        (
                            spec.signature.name, spec.signature.parameters.map { $0.label ?? "_" },
                            spec.signature.displayName
                        ))
                }
            }
        }
        for member in PeerVocabulary.handWrittenMembers {
            let name = PeerName(member.replacingOccurrences(of: "?", with: ""))
            guard let open = member.firstIndex(of: "(") else {
                properties.insert(member)
                continue
            }
            let labels = member[member.index(after: open)...].dropLast().split(separator: ":").map {
                Parameter(
                    label: String($0.hasSuffix("?") ? $0.dropLast() : $0), optional: $0.hasSuffix("?"),
                    variadic: false)
            }
            add(name.base, labels)
        }
    }

    mutating func add(_ base: String, _ parameters: [Parameter], isStatic: Bool = false) {
        functions[base, default: []].append((parameters, isStatic))
    }

    /// The declarations of `base` that a call with `labels` can reach, as whether each is
    /// static: in time proportional to the numbers of parameters and labels, however many are
    /// defaulted or variadic.
    func declarations(_ base: String, labels: [String]) -> [Bool] {
        (functions[base] ?? []).filter { Self.accepts($0.parameters, labels) }.map(\.isStatic)
    }

    static func accepts(_ parameters: [Parameter], _ labels: [String]) -> Bool {
        // reachable[i][j]: the first i parameters can take the first j labels.
        var reachable = [[Bool]](
            repeating: [Bool](repeating: false, count: labels.count + 1), count: parameters.count + 1)
        reachable[0][0] = true
        for (i, parameter) in parameters.enumerated() {
            for j in 0...labels.count where reachable[i][j] {
                if parameter.optional || parameter.variadic { reachable[i + 1][j] = true }
                guard j < labels.count, labels[j] == parameter.label else { continue }
                reachable[i + 1][j + 1] = true
                if parameter.variadic {
                    var next = j + 1
                    while next < labels.count, labels[next] == "_" {
                        next += 1
                        reachable[i + 1][next] = true
                    }
                }
            }
        }
        return reachable[parameters.count][labels.count]
    }

    /// The operator of Rill (as `scan(_:_:)`) whose calls with a trailing closure would also
    /// reach `declaration`, among the operators whose closure's result is solved from its body;
    /// `nil` if there is none. A trailing closure drops its label, so the call reaches every
    /// declaration of that name with as many parameters, the same labels before the last, and a
    /// last parameter that takes a closure: the unavailable `scan(_:accumulator:)` is a candidate
    /// at every `scan(0) { … }`.
    func trailingClosureCallReaching(_ declaration: PeerDeclaration) -> String? {
        guard declaration.host == .signal, let labels = declaration.name.labels,
            let last = declaration.types.last
        else { return nil }
        guard last.contains("->") || declaration.genericNames.contains(last) else { return nil }
        return closureSolvedOperators.first { rill in
            rill.base == declaration.name.base && rill.labels.count == labels.count
                && Array(rill.labels.dropLast()) == Array(labels.dropLast())
        }?.displayName
    }

    /// Why a declaration of `name` would clash with Rill's own, or `nil` if it would not. Static
    /// and instance members clash too: `Signal.zip(_:)` must stay Rill's static member.
    func clash(_ name: PeerName, host: PeerDeclaration.Host = .signal) -> String? {
        if let labels = name.labels {
            let reached = declarations(name.base, labels: labels)
            if reached.contains(host == .signalType) { return "Rill declares the same name" }
            if let isStatic = reached.first {
                return "Rill declares the same name as \(isStatic ? "a static" : "an instance") member"
            }
        }
        if name.labels == [], properties.contains(name.base) {
            return "Rill declares a property `\(name.base)`, which a method without arguments would redeclare"
        }
        return nil
    }
}

extension Counterpart.Library {
    /// The position in `allCases`, the order in which the libraries are listed.
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
