/// Stage 5a, emit: every instance operator once more on `SubjectProtocol`, forwarding to the
/// subject's `signal`, so that a subject chains like the signal it is (`subject.map { … }`), as a
/// subject is an observable in RxSwift and a publisher in Combine.
enum SubjectForwarding {
    /// Whether an operator can be forwarded: an instance member whose arguments can be passed on
    /// as they came. A C-style variadic parameter cannot be; Swift has no way to splat it.
    static func isForwardable(_ signature: Signature) -> Bool {
        !signature.isStatic && !signature.parameters.contains { $0.type.hasSuffix("...") }
    }

    static func emit(_ specs: [OperatorSpec], paths: SpecPaths, into code: inout CodeWriter) {
        let forwarded = specs.filter { isForwardable($0.signature) }
        guard !forwarded.isEmpty else { return }
        let convertible = Dictionary(
            SignalArgumentOverloads.overloads(specs).map { ($0.spec.signature, $0.converted) },
            uniquingKeysWith: { first, _ in first })
        code.block("extension SubjectProtocol {") { code in
            for spec in forwarded {
                // The operator as declared, and its overload taking subjects and properties as arguments.
                let converted = convertible[spec.signature]
                for signature in [spec.signature] + (converted.map { [$0] } ?? []) {
                    code.line("// on subjects, \(signature.displayName): \(paths.describe(spec.location))")
                    code.documentation(
                        "`\(signature.displayName)` on the subject's `signal`: the subject chains like the signal it is."
                    )
                    let disfavored =
                        signature == spec.signature ? signature.attributes : "@_disfavoredOverload "
                    // On one line, reported at the signature's, so that an error here names the spec.
                    code.line(
                        "\(disfavored)@inlinable public \(signature.declaration) { self.signal.\(call(signature)) }",
                        mappedTo: signature.location, paths: paths)
                }
            }
        }
        code.line()
    }

    /// The call that passes every argument on, as the declaration names it.
    static func call(_ signature: Signature) -> String {
        if signature.isProperty { return signature.declaredName }
        let arguments = signature.parameters.map { parameter in
            let value = parameter.type.hasPrefix("repeat ") ? "repeat each \(parameter.name)" : parameter.name
            return parameter.label.map { "\($0): \(value)" } ?? value
        }
        return "\(signature.declaredName)(\(arguments.joined(separator: ", ")))"
    }
}
