/// Stage 5a, emit: for every operator that takes a signal argument, one more overload that takes
/// `some SignalConvertible` in its place and passes on its `signal`, so that a subject or a
/// property goes where a signal is expected (`a.merge(with: subject)`), as a subject is an
/// observable in RxSwift and a publisher in Combine.
///
/// The overload is disfavored: for an argument that is a signal, the overload taking `Signal`
/// is chosen, as before, so implicit members (`merge(with: .empty)`) and the type checker's
/// work on closures are unchanged.
enum SignalArgumentOverloads {
    /// The signature with every parameter that takes a whole `Signal<…>` (not a closure's result,
    /// a sequence's element or a pack) taking `some SignalConvertible<…>` instead; `nil` when it
    /// has no such parameter.
    static func converting(_ signature: Signature) -> Signature? {
        guard !signature.isProperty, !signature.parameters.contains(where: \.isVariadic) else { return nil }
        var converted = signature
        var convertedAny = false
        for index in converted.parameters.indices {
            let parameter = converted.parameters[index]
            guard parameter.defaultValue == nil, let arguments = signalArguments(of: parameter.type) else {
                continue
            }
            converted.parameters[index].type = "some SignalConvertible<\(arguments)>"
            convertedAny = true
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

    /// The call that hands the converted signature's arguments to the original operator.
    static func call(_ converted: Signature, original: Signature) -> String {
        let arguments = zip(converted.parameters, original.parameters).map { converted, original in
            let value = converted.type == original.type ? converted.name : "\(converted.name).signal"
            return converted.label.map { "\($0): \(value)" } ?? value
        }
        return "\(original.declaredName)(\(arguments.joined(separator: ", ")))"
    }

    static func emit(_ specs: [OperatorSpec], paths: SpecPaths, into code: inout CodeWriter) {
        let overloads = specs.compactMap { spec in converting(spec.signature).map { (spec, $0) } }
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
