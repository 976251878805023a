/// Stage 5a, emit: for every operator that takes a signal argument, one more overload that takes
/// `some SignalConvertible` in its place and passes on its `signal`, so that a subject or a
/// property goes where a signal is expected (`a.merge(with: subject)`), as a subject is an
/// observable in RxSwift and a publisher in Combine.
///
/// The overload is disfavored: for an argument that is a signal, the overload taking `Signal`
/// is chosen, as before, so implicit members (`merge(with: .empty)`) keep working, and once a
/// solution without it exists the type checker drops every branch that takes it, so it does not
/// multiply the work on a chain (`Benchmarks/wc`).
enum SignalArgumentOverloads {
    /// The signature with every parameter that takes a whole `Signal<…>` taking
    /// `some SignalConvertible<…>` instead, and every `some Sequence<Signal<…>>` a sequence of
    /// them; `nil` when it has neither. A closure's result is left alone, and so is a pack
    /// (`repeat Signal<each Element, Failure>`): Swift 6.3 cannot yet say that each element of
    /// one pack is the `Value` of each element of another ("same-element requirements").
    static func converting(_ signature: Signature) -> Signature? {
        guard !signature.isProperty, !signature.parameters.contains(where: \.isVariadic) else { return nil }
        var converted = signature
        var convertedAny = false
        for index in converted.parameters.indices {
            let parameter = converted.parameters[index]
            guard parameter.defaultValue == nil else { continue }
            if let arguments = signalArguments(of: parameter.type) {
                converted.parameters[index].type = "some SignalConvertible<\(arguments)>"
                convertedAny = true
            } else if let element = sequenceElement(of: parameter.type),
                let arguments = signalArguments(of: element)
            {
                // `Signal.merge([subject, other])`: one element type, as in any array.
                converted.parameters[index].type = "some Sequence<some SignalConvertible<\(arguments)>>"
                convertedAny = true
            }
        }
        return convertedAny ? converted : nil
    }

    /// `A, B` for the type `Signal<A, B>` spelled whole; `nil` for any other type.
    static func signalArguments(of type: String) -> String? {
        let prefix = "Signal<"
        guard type.hasPrefix(prefix), type.hasSuffix(">") else { return nil }
        var depth = 0
        for (offset, character) in type.enumerated().dropFirst(prefix.count - 1) {
            if character == "<" { depth += 1 }
            if character == ">" { depth -= 1 }
            // `Signal<A, B>.Something` or a closure type closes the brackets before the end.
            if depth == 0 && offset != type.count - 1 { return nil }
        }
        return String(type.dropFirst(prefix.count).dropLast())
    }

    /// `T` for the type `some Sequence<T>`; `nil` for any other type.
    static func sequenceElement(of type: String) -> String? {
        let prefix = "some Sequence<"
        guard type.hasPrefix(prefix), type.hasSuffix(">") else { return nil }
        return String(type.dropFirst(prefix.count).dropLast())
    }

    /// The call that hands the converted signature's arguments to the original operator.
    static func call(_ converted: Signature, original: Signature) -> String {
        let arguments = zip(converted.parameters, original.parameters).map { converted, original in
            let value =
                converted.type == original.type
                ? converted.name
                : sequenceElement(of: original.type) != nil
                    ? "\(converted.name).map { $0.signal }" : "\(converted.name).signal"
            return converted.label.map { "\($0): \(value)" } ?? value
        }
        return "\(original.declaredName)(\(arguments.joined(separator: ", ")))"
    }

    /// The operators that get the overload: those with a signal parameter, except disfavored
    /// ones, whose overload would tie with their favored sibling's, both disfavored:
    /// `never.merge(with: subject)` would be ambiguous.
    static func overloads(_ specs: [OperatorSpec]) -> [(spec: OperatorSpec, converted: Signature)] {
        specs.compactMap { spec in
            guard !spec.signature.isDisfavored, let converted = converting(spec.signature) else { return nil }
            return (spec, converted)
        }
    }

    static func emit(_ specs: [OperatorSpec], paths: SpecPaths, into code: inout CodeWriter) {
        let overloads = overloads(specs)
        guard !overloads.isEmpty else { return }
        code.block("extension Signal {") { code in
            for (spec, converted) in overloads {
                let receiver = spec.signature.isStatic ? "Self" : "self"
                code.line(
                    "// \(spec.signature.displayName) with subjects and properties: \(paths.describe(spec.location))"
                )
                code.documentation(
                    "`\(spec.signature.displayName)` with a subject, a property or any ``SignalConvertible`` where it takes a signal."
                )
                // On one line, reported at the signature's, so that an error here names the spec.
                code.line(
                    "@_disfavoredOverload @inlinable public \(converted.declaration) { \(receiver).\(call(converted, original: spec.signature)) }",
                    mappedTo: spec.signature.location, paths: paths)
            }
        }
        code.line()
    }
}
