/// Stage 2: parse. Turns the text of spec files into ``OperatorSpec`` entries, collecting every
/// syntax error with its location rather than stopping at the first.
public enum SpecParser {
    public static func parse(_ files: [SpecReader.File]) throws(SpecErrors) -> [OperatorSpec] {
        var diagnostics: [Diagnostic] = []
        var specs: [OperatorSpec] = []
        for file in files {
            var parser = EntryParser(path: file.path, contents: file.contents)
            let entries = parser.parse()
            diagnostics += parser.diagnostics
            for entry in entries {
                do {
                    specs.append(try spec(entry))
                } catch {
                    diagnostics += error.diagnostics
                }
            }
        }
        if !diagnostics.isEmpty { throw SpecErrors(diagnostics) }
        return specs
    }

    static func spec(_ entry: EntryParser.RawEntry) throws(SpecErrors) -> OperatorSpec {
        var diagnostics: [Diagnostic] = []
        func single(_ key: String) -> EntryParser.Field? {
            let fields = entry.fields.filter { $0.key == key }
            for duplicate in fields.dropFirst() {
                diagnostics.append(
                    Diagnostic(
                        duplicate.location, "'\(key):' is given twice in '\(entry.name)'", hint: "keep one"))
            }
            return fields.first
        }
        func attempt<T>(_ body: () throws(Diagnostic) -> T) -> T? {
            do { return try body() } catch {
                diagnostics.append(error)
                return nil
            }
        }

        let selector = single("rac")?.value.trimmed().text
        let counterparts = Counterpart.Library.allCases.compactMap { library in
            single(library.key).flatMap { field in
                attempt { () throws(Diagnostic) in try CounterpartParser.parse(field.value, library: library)
                }
            }
        }
        let documentation = single("doc")?.value.trimmed().text ?? ""
        if documentation.isEmpty {
            diagnostics.append(
                Diagnostic(
                    entry.location, "'\(entry.name)' has no documentation",
                    hint: "add 'doc:' with a sentence saying what the operator does"))
        }

        var signature: Signature?
        if let field = single("signature") {
            signature = attempt { () throws(Diagnostic) in try SignatureParser.parse(field.value) }
            if let parsed = signature, parsed.name != entry.name {
                diagnostics.append(
                    Diagnostic(
                        parsed.location,
                        "the signature declares '\(parsed.name)' in the entry '\(entry.name)'",
                        hint: "use the same name in 'operator' and 'signature:'"))
            }
        } else {
            diagnostics.append(
                Diagnostic(
                    entry.location, "'\(entry.name)' has no signature",
                    hint: "add 'signature: func \(entry.name)(…) -> Signal<Value, Failure>'"))
        }

        let derive = single("derive")
        let primitive = single("primitive")
        var implementation: OperatorSpec.Implementation?
        switch (derive, primitive) {
        case (let derive?, nil):
            let parameters = signature?.parameters ?? []
            let swiftValues = Set(parameters.filter { !$0.isSignal }.map(\.name))
            let signalValues = Set(parameters.filter(\.isSignal).map(\.name))
            if let derivation = attempt({ () throws(Diagnostic) in
                try DerivationParser.parse(
                    derive.value, swiftValues: swiftValues, signalValues: signalValues,
                    typesInScope: signature?.typesInScope ?? ["Value", "Failure"])
            }) {
                implementation = .derived(derivation)
            }
        case (nil, .some):
            implementation = .primitive
        case (.some, let primitive?):
            diagnostics.append(
                Diagnostic(
                    primitive.location, "'\(entry.name)' is both derived and primitive",
                    hint: "keep 'derive:' or 'primitive:', not both"))
        case (nil, nil):
            diagnostics.append(
                Diagnostic(
                    entry.location, "'\(entry.name)' has neither 'derive:' nor 'primitive:'",
                    hint:
                        "derive it, as in 'derive: flattenMap { just(transform($0)) }', or declare 'primitive: Sources/…'"
                ))
        }

        let state = entry.fields.filter { $0.key == "state" }.flatMap { field in
            field.value.text.split(separator: "\n", omittingEmptySubsequences: false).indices.compactMap {
                index -> LocatedText? in
                let lines = field.value.text.split(separator: "\n", omittingEmptySubsequences: false)
                let offset = lines[..<index].reduce(0) { $0 + $1.count + 1 }
                let line = field.value.slice(offset..<(offset + lines[index].count)).trimmed()
                return line.text.isEmpty ? nil : line
            }
        }
        var stateNames: [String] = []
        for line in state {
            guard let declaration = attempt({ () throws(Diagnostic) in try StateParser.parse(line) }) else {
                continue
            }
            if stateNames.contains(declaration.name)
                || signature?.parameters.contains(where: { $0.name == declaration.name }) == true
            {
                diagnostics.append(
                    Diagnostic(
                        line.start,
                        "the state name '\(declaration.name)' is already the name of a parameter or of other state",
                        hint: "rename the state"))
            }
            stateNames.append(declaration.name)
            if let derive {
                let scanner = SwiftScanner(derive.value.text)
                if scanner.words(
                    declaration.name, in: 0..<scanner.characters.count, includingInterpolations: true
                ).isEmpty {
                    diagnostics.append(
                        Diagnostic(
                            line.start, "the state '\(declaration.name)' is not used by the derivation",
                            hint: "use it in the bind block, or remove it"))
                }
            }
        }
        if !state.isEmpty, case .derived(let derivation)? = implementation, !derivation.hasBindBlock {
            if let misspelt = derivation.misspeltBind {
                // At the word: the state is only why the misspelling matters.
                diagnostics.append(
                    Diagnostic(
                        misspelt.location,
                        "'\(misspelt.name)' is not 'bind', and the state on line \(state[0].start.line) belongs to a 'bind' block",
                        hint: "did you mean 'bind'?"))
            } else {
                diagnostics.append(
                    Diagnostic(
                        state[0].start, "state belongs to a 'bind' block, and the derivation has none",
                        hint: "derive the operator with 'bind { value in … }', or remove the state"))
            }
        }
        if primitive != nil, let first = state.first {
            diagnostics.append(
                Diagnostic(first.start, "a primitive has no state in its spec", hint: "remove 'state:'"))
        }
        if SwiftNames.unusableMemberNames.contains(entry.name) {
            diagnostics.append(
                Diagnostic(
                    entry.location, "an operator cannot be called '\(entry.name)'",
                    hint: "choose another name"))
        }
        if derive != nil, SwiftNames.handWrittenSignalMembers.contains(entry.name) {
            diagnostics.append(
                Diagnostic(
                    entry.location,
                    "'\(entry.name)' is a member of Signal written by hand; a derived operator cannot redefine it",
                    hint: "choose another name"))
        }

        let examples = entry.fields.filter { $0.key == "example" || $0.key.hasPrefix("example(") }.compactMap
        { field in
            attempt { () throws(Diagnostic) in try ExampleParser.example(field) }
        }
        if examples.isEmpty && !entry.fields.contains(where: { $0.key.hasPrefix("example") }) {
            diagnostics.append(
                Diagnostic(
                    entry.location, "'\(entry.name)' has no example",
                    hint: "add 'example: \"-a-b-|\" => \(entry.name)(…) => \"…\"'"))
        }
        let model = single("model").flatMap { field in
            attempt { () throws(Diagnostic) in try ExampleParser.model(field) }
        }
        let chain = single("chain").flatMap { field in
            attempt { () throws(Diagnostic) in try ExampleParser.chain(field) }
        }

        guard diagnostics.isEmpty, let signature, let implementation else { throw SpecErrors(diagnostics) }
        var spec = OperatorSpec(
            name: entry.name, location: entry.location, selector: selector, signature: signature,
            documentation: documentation, implementation: implementation, state: state, examples: examples,
            model: model)
        spec.chain = chain
        spec.counterparts = counterparts
        spec.implementationText = (derive ?? primitive)?.value.text.dedented.trimmingSpaces ?? ""
        spec.implementationLocation = derive?.value.trimmed().start
        return spec
    }
}
