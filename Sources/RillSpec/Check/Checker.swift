/// Stage 3, check: resolves every name a derivation or an example uses and rejects what cannot
/// be generated: unknown names, wrong arity, duplicates, use before definition and cycles.
///
/// Names resolve to entries of the catalogue, primitives included. An entry may use entries of
/// any file, but within one file only those above it, so that each file reads top-down.
public enum Checker {
    public static func check(_ specs: [OperatorSpec]) throws(SpecErrors) -> [OperatorSpec] {
        var context = Context(specs: specs)
        let checked = context.run()
        if !context.diagnostics.isEmpty { throw SpecErrors(context.diagnostics) }
        return checked
    }

    struct Context {
        let specs: [OperatorSpec]
        var byName: [String: [OperatorSpec]] = [:]
        var diagnostics: [Diagnostic] = []
        /// Entry identity → identities of the derived entries its derivation uses.
        var uses: [String: [(key: String, location: SourceLocation)]] = [:]

        init(specs: [OperatorSpec]) {
            self.specs = specs
            for spec in specs { byName[spec.name, default: []].append(spec) }
        }

        mutating func run() -> [OperatorSpec] {
            reportDuplicates()
            var checked: [OperatorSpec] = []
            for var spec in specs {
                if spec.isExternal {
                    checked.append(spec)
                    continue
                }
                if case .derived(let derivation) = spec.implementation {
                    let resolved = resolve(derivation, in: spec, example: nil)
                    spec.implementation = .derived(resolved)
                }
                spec.examples = spec.examples.map { example in
                    var example = example
                    example.derivation = resolveExample(example, of: spec)
                    return example
                }
                if var model = spec.model {
                    do {
                        model.derivation = resolve(
                            try DerivationParser.parse(model.call), in: spec,
                            example: Example(
                                sources: [], expression: model.call, expected: model.call, valueType: "Int",
                                location: model.location))
                    } catch {
                        diagnostics.append(error)
                    }
                    spec.model = model
                }
                if var chain = spec.chain, case .wrap(let expression) = chain.kind {
                    do {
                        chain.derivation = resolve(
                            try DerivationParser.parse(expression, signalValues: ["chain"]), in: spec,
                            example: Example(
                                sources: [Example.Source(name: "chain", marble: expression)],
                                expression: expression, expected: expression, valueType: "Int",
                                location: chain.location))
                    } catch {
                        diagnostics.append(error)
                    }
                    spec.chain = chain
                }
                checked.append(spec)
            }
            reportCycles()
            return checked
        }

        mutating func reportDuplicates() {
            var first: [String: OperatorSpec] = [:]
            for spec in specs {
                if let original = first[spec.identity] {
                    diagnostics.append(
                        Diagnostic(
                            spec.location, "duplicate operator '\(spec.signature.displayName)'",
                            hint:
                                "first defined at \(original.location); rename one or change its argument labels"
                        ))
                } else {
                    first[spec.identity] = spec
                }
            }
        }

        mutating func resolveExample(_ example: Example, of spec: OperatorSpec) -> Derivation? {
            let names = Set(example.sources.map(\.name).filter { $0 != "self" })
            do {
                let parsed = try DerivationParser.parse(example.expression, signalValues: names)
                return resolve(parsed, in: spec, example: example)
            } catch {
                diagnostics.append(error)
                return nil
            }
        }

        /// Resolves names in `derivation`, a part of `spec`'s derivation or of one of its examples.
        /// - Parameter depth: How deep `derivation` stands in the whole, which bounds the recursion
        ///   (see ``DerivationParser/maximumDepth``).
        mutating func resolve(
            _ derivation: Derivation, in spec: OperatorSpec, example: Example?, depth: Int = 0
        )
            -> Derivation
        {
            switch derivation {
            case .receiver, .swift:
                return derivation
            case .conditional(let condition, let then, let otherwise):
                return .conditional(
                    condition: condition, then: resolve(then, in: spec, example: example, depth: depth + 1),
                    else: resolve(otherwise, in: spec, example: example, depth: depth + 1))
            case .call(var call):
                if let receiver = call.receiver {
                    call.receiver = resolve(receiver, in: spec, example: example, depth: depth + 1)
                }
                guard let callee = lookUp(call, in: spec, example: example) else { return .call(call) }
                call.resolution = .init(
                    key: callee.key, isPrimitive: callee.implementation == .primitive || callee.isExternal,
                    isStatic: callee.signature.isStatic, isProperty: callee.signature.isProperty)
                // Pair arguments with parameters as `accepts` did: a variadic parameter takes the
                // unlabelled arguments after it.
                var parameters = callee.signature.parameters[...]
                call.arguments = call.arguments.map { argument in
                    var argument = argument
                    while let parameter = parameters.first, parameter.label != argument.label,
                        !(parameter.isVariadic && argument.label == nil)
                    {
                        parameters.removeFirst()
                    }
                    guard let parameter = parameters.first else { return argument }
                    if !parameter.isVariadic { parameters.removeFirst() }
                    if parameter.isSignal, case .swift(let text) = argument.value {
                        argument.value = .signal(reparse(text, in: spec, example: example, depth: depth + 1))
                    }
                    return argument
                }
                if example == nil, !callee.isExternal, case .derived = callee.implementation {
                    uses[spec.identity, default: []].append((callee.identity, call.location))
                }
                return .call(call)
            }
        }

        mutating func reparse(_ text: LocatedText, in spec: OperatorSpec, example: Example?, depth: Int)
            -> Derivation
        {
            let parameters = spec.signature.parameters
            let swiftValues = example == nil ? Set(parameters.filter { !$0.isSignal }.map(\.name)) : []
            let signalValues =
                example.map { Set($0.sources.map(\.name).filter { $0 != "self" }) }
                ?? Set(parameters.filter(\.isSignal).map(\.name))
            do {
                return resolve(
                    try DerivationParser.parse(
                        text, swiftValues: swiftValues, signalValues: signalValues, depth: depth,
                        typesInScope: example == nil ? spec.signature.typesInScope : ["Value", "Failure"]),
                    in: spec, example: example, depth: depth)
            } catch {
                diagnostics.append(error)
                return .swift(text)
            }
        }

        mutating func lookUp(_ call: Derivation.Call, in spec: OperatorSpec, example: Example?)
            -> OperatorSpec?
        {
            let candidates = byName[call.name] ?? []
            guard !candidates.isEmpty else {
                let known = Set(byName.keys).union(spec.signature.parameters.map(\.name))
                let suggestion = Self.closest(to: call.name, among: known)
                let hint =
                    suggestion.flatMap {
                        editDistance($0, call.name) <= max(2, call.name.count / 3) ? $0 : nil
                    }
                    .map { "did you mean '\($0)'?" }
                    ?? "define it in a spec file, or declare it as a primitive"
                diagnostics.append(Diagnostic(call.location, "unknown operator '\(call.name)'", hint: hint))
                return nil
            }
            let labels = call.arguments.map(\.label) + (call.trailingClosure == nil ? [] : [nil])
            let closures =
                call.arguments.map { argument -> Bool in
                    if case .closure = argument.value { return true } else { return false }
                } + (call.trailingClosure == nil ? [] : [true])
            var onType = false
            if case .swift(let text) = call.receiver, text.text.hasPrefix("Signal") { onType = true }
            let fitting = candidates.filter { candidate in
                if onType != candidate.signature.isStatic && (onType || call.receiver != nil) { return false }
                return Self.accepts(
                    candidate.signature, labels: labels, closures: closures,
                    trailingClosure: call.trailingClosure != nil)
            }
            // An unconstrained overload serves every receiver, so a derivation means that one.
            guard let callee = fitting.first(where: { $0.signature.whereClause.isEmpty }) ?? fitting.first
            else {
                let expected = candidates.map { "'\($0.signature.displayName)'" }.joined(separator: " or ")
                diagnostics.append(
                    Diagnostic(
                        call.location,
                        "wrong arguments for '\(call.name)': \(call.arity) given (\(labels.map { ($0 ?? "_") + ":" }.joined()))",
                        hint: "expected \(expected)"))
                return nil
            }
            if example == nil, callee.identity == spec.identity {
                diagnostics.append(
                    Diagnostic(
                        call.location, "'\(spec.name)' is derived from itself",
                        hint: "derive it from primitives and other entries"))
                return nil
            }
            if example == nil, callee.location.file == spec.location.file, callee.location > spec.location {
                diagnostics.append(
                    Diagnostic(
                        call.location,
                        "'\(callee.signature.displayName)' is used before its definition at \(callee.location)",
                        hint: "move '\(spec.name)' below '\(callee.name)', or '\(callee.name)' above it"))
                return nil
            }
            return callee
        }

        /// The known name closest to `name`, the same on every run: fewest edits, then the longest
        /// common prefix (`bind` rather than `and` for `bnd`), then alphabetical order.
        static func closest(to name: String, among known: Set<String>) -> String? {
            func commonPrefix(_ other: String) -> Int { zip(other, name).prefix { $0 == $1 }.count }
            return known.map { (name: $0, distance: editDistance($0, name), prefix: commonPrefix($0)) }
                .min { ($0.distance, -$0.prefix, $0.name) < ($1.distance, -$1.prefix, $1.name) }?.name
        }

        /// Whether a call with these labels fits the signature: every argument matches a parameter
        /// in order, a closure literal only a function parameter, and every skipped parameter has
        /// a default.
        static func accepts(
            _ signature: Signature, labels: [String?], closures: [Bool], trailingClosure: Bool
        ) -> Bool {
            if signature.isProperty { return labels.isEmpty }
            var index = 0
            for parameter in signature.parameters {
                if parameter.isVariadic {
                    // A pack or variadic parameter takes every following argument it labels.
                    let start = index
                    while index < labels.count, labels[index] == (index == start ? parameter.label : nil),
                        !closures[index] || parameter.isFunction
                    {
                        index += 1
                    }
                    continue
                }
                if index < labels.count {
                    let isTrailing = trailingClosure && index == labels.count - 1
                    let labelFits = labels[index] == parameter.label || (isTrailing && labels[index] == nil)
                    if labelFits && (!closures[index] || parameter.isFunction) {
                        index += 1
                        continue
                    }
                }
                if parameter.defaultValue == nil { return false }
            }
            return index == labels.count
        }

        mutating func reportCycles() {
            var state: [String: Int] = [:]  // 1 visiting, 2 done
            var path: [String] = []
            func visit(_ key: String) -> [String]? {
                if state[key] == 2 { return nil }
                if state[key] == 1 { return Array(path.drop { $0 != key }) + [key] }
                state[key] = 1
                path.append(key)
                for use in uses[key] ?? [] {
                    if let cycle = visit(use.key) { return cycle }
                }
                path.removeLast()
                state[key] = 2
                return nil
            }
            for spec in specs {
                if let cycle = visit(spec.identity) {
                    let location = uses[cycle[0]]?.first { $0.key == cycle[1] }?.location ?? spec.location
                    diagnostics.append(
                        Diagnostic(
                            location, "derivations form a cycle: \(cycle.joined(separator: " → "))",
                            hint: "derive one of them from primitives instead"))
                    return
                }
            }
        }
    }
}
