import Foundation
import Testing

@testable import RillSpec

/// Stage 2a and 2: splitting a spec file into entries and fields, and turning fields into specs.
@Suite("EntryParser and SpecParser")
struct EntryParserTests {
    static let take = """
        operator take
            rac: -take:
            signature: func take(_ count: Int) -> Signal<Value, Failure>
            doc: Sends the first values.
            primitive: Sources/Take.swift
            example: "-a-b-|" => take(1) => "-(a|)"
        """

    @Test(
        "An entry's fields are read in order, each located at its key, its value at the character after the colon"
    )
    func fieldsAndLocations() throws {
        var parser = EntryParser(path: testPath, contents: Self.take)
        let entries = parser.parse()
        #expect(parser.diagnostics.isEmpty)
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.name == "take")
        #expect(entry.location == at(1, 1))
        #expect(entry.fields.map(\.key) == ["rac", "signature", "doc", "primitive", "example"])
        #expect(entry.fields[0].location == at(2, 5))
        #expect(entry.fields[0].value.text == " -take:")
        #expect(entry.fields[0].value.start == at(2, 9))
        #expect(entry.fields[0].value.trimmed().start == at(2, 10))
        #expect(entry.fields[1].value.trimmed().start == at(3, 16))
        #expect(entry.fields[4].location == at(6, 5))
    }

    @Test(
        "SpecParser turns the fields into a spec: selector, documentation, signature, primitive and example")
    func specFromFields() throws {
        let spec = try #require(parsed([specFile(Self.take)]).first)
        #expect(spec.name == "take")
        #expect(spec.selector == "-take:")
        #expect(spec.documentation == "Sends the first values.")
        #expect(spec.signature.key == "take(_:)")
        #expect(spec.signature.location == at(3, 16))
        #expect(spec.implementation == .primitive)
        #expect(spec.implementationText == "Sources/Take.swift")
        #expect(spec.examples.count == 1)
        #expect(spec.examples.first?.location == at(6, 5))
        #expect(spec.model == nil)
        #expect(spec.state.isEmpty)
    }

    @Test("A multi-line doc continues on deeper-indented lines and keeps a blank line inside it")
    func multiLineDocumentation() throws {
        let text = """
            operator take
                doc:
                    First paragraph,
                    continued.

                    Second paragraph.
                signature: func take(_ count: Int) -> Signal<Value, Failure>
                primitive: P
                example: "-a|" => take(1) => "-(a|)"
            """
        let spec = try #require(parsed([specFile(text)]).first)
        #expect(spec.documentation == "First paragraph,\ncontinued.\n\nSecond paragraph.")

        var parser = EntryParser(path: testPath, contents: text)
        let doc = try #require(parser.parse().first?.fields.first)
        #expect(doc.key == "doc")
        let second = try #require(Array(doc.value.text).firstIndex(of: "S"))
        #expect(doc.value.location(at: second) == at(6, 9))
        #expect(doc.value.end == at(6, 26))
    }

    @Test("A derive block continues on deeper-indented lines and keeps its indentation relative to the field")
    func multiLineDerive() throws {
        let text = """
            operator skip
                signature: func skip(_ count: Int) -> Signal<Value, Failure>
                doc: Drops the first values.
                state: var skipped = 0
                    var seen = 0
                derive: bind { value in
                        if skipped < count + seen {
                            skipped += 1
                            return empty
                        }
                        return just(value)
                    }
                example: "-a-b-|" => skip(1) => "---b-|"
            """
        let spec = try #require(parsed([specFile(text)]).first)
        #expect(
            spec.implementationText
                == "bind { value in\n    if skipped < count + seen {\n        skipped += 1\n        return empty\n    }\n    return just(value)\n}"
        )
        #expect(spec.state.map(\.text) == ["var skipped = 0", "var seen = 0"])
        #expect(spec.state.map(\.start) == [at(4, 12), at(5, 9)])
        let bind = try #require(call(derivation(of: spec)))
        guard case .steps(let body)? = bind.trailingClosure?.body else {
            Issue.record("expected a step body, found \(String(describing: bind.trailingClosure))")
            return
        }
        #expect(body.steps == [.empty(at(9, 24)), .just(located("value", at(11, 25)), at(11, 20))])
        #expect(spec.examples.first?.location == at(13, 5))
    }

    @Test("A state line that is not a 'var' or 'let' declaration is an error at its first character")
    func stateMustDeclare() {
        let text = """
            operator take
                signature: func take(_ count: Int) -> Signal<Value, Failure>
                doc: Takes.
                state: var taken = 0
                    taken = 1
                derive: empty
                example: "-a|" => take(1) => "|"
            """
        let diagnostics = parseDiagnostics([specFile(text)])
        #expect(
            diagnostics.contains {
                $0.location == at(5, 9) && $0.message == "state is declared with 'var name = value'"
            })
    }

    @Test("Comments and blank lines before, between and inside entries are ignored")
    func commentsAndBlankLines() throws {
        let text = """
            # A comment before the first entry.

            operator a
                # A comment among the fields.
                signature: func a() -> Signal<Value, Failure>

                doc: A.
                primitive: P
                example: "-a|" => a() => "-a|"
            # A comment between entries, at column 0.

            operator b
                signature: func b() -> Signal<Value, Failure>
                doc:
                    B.

                primitive: P
                example: "-a|" => b() => "-a|"

            """
        let specs = parsed([specFile(text)])
        #expect(specs.map(\.name) == ["a", "b"])
        #expect(specs.map(\.location) == [at(3, 1), at(12, 1)])
        #expect(specs.map(\.documentation) == ["A.", "B."])

        var parser = EntryParser(path: testPath, contents: text)
        let entries = parser.parse()
        #expect(parser.diagnostics.isEmpty)
        #expect(entries.first?.fields.map(\.key) == ["signature", "doc", "primitive", "example"])
        // Neither the blank line after `signature:` nor the one after b's doc continues the field.
        #expect(entries.first?.fields.first?.value.text.contains("\n") == false)
        #expect(entries.last?.fields.dropFirst().first?.value.text == "B.")
    }

    @Test("Repeated 'example:' fields all become examples, in order; 'example(Int):' makes Int values")
    func repeatedExamples() throws {
        let text = """
            operator take
                signature: func take(_ count: Int) -> Signal<Value, Failure>
                doc: Takes.
                primitive: P
                example: "-a-b-|" => take(1) => "-(a|)"
                example: "-a-#" => take(1) => "-(a|)"
                example(Int): "-1-2-|" => take(1) => "-(1|)"
            """
        let spec = try #require(parsed([specFile(text)]).first)
        #expect(spec.examples.map(\.location) == [at(5, 5), at(6, 5), at(7, 5)])
        #expect(spec.examples.map(\.valueType) == ["String", "String", "Int"])
        #expect(spec.examples.map(\.sources.first?.marble.text) == ["-a-b-|", "-a-#", "-1-2-|"])
        #expect(spec.examples.map(\.expression.text) == ["take(1)", "take(1)", "take(1)"])
    }

    @Test(
        "An unknown field is an error at its key that names it and suggests the closest field",
        arguments: [
            ("exmaple", "example"), ("docs", "doc"), ("signatur", "signature"), ("derived", "derive"),
            ("modle", "model"),
        ])
    func unknownField(typo: String, suggestion: String) {
        let text = Self.take + "\n    \(typo): anything"
        let diagnostics = parseDiagnostics([specFile(text)])
        #expect(diagnostics.count == 1)
        #expect(
            diagnostics.first?.description == """
                Specs/Test.ops:7:5: error: unknown field '\(typo)'
                Specs/Test.ops:7:5: note: did you mean '\(suggestion):'? fields are rac, signature, doc, derive, primitive, state, example, model, chain, reactiveswift, rxswift, combine
                """)
    }

    @Test("A field line without a colon is an error at its first character")
    func fieldWithoutColon() {
        let diagnostics = parseDiagnostics([specFile(Self.take + "\n    just words")])
        #expect(diagnostics.map(\.location) == [at(7, 5)])
        #expect(diagnostics.first?.message == "expected 'key: value', found 'just words'")
    }

    @Test("A missing doc, signature, example or implementation is each an error at its 'operator' line")
    func missingFields() {
        let text = """
            operator noDoc
                signature: func noDoc() -> Signal<Value, Failure>
                primitive: P
                example: "-a|" => noDoc() => "-a|"

            operator noSignature
                doc: No signature.
                primitive: P
                example: "-a|" => noSignature() => "-a|"

            operator noExample
                signature: func noExample() -> Signal<Value, Failure>
                doc: No example.
                primitive: P

            operator noImplementation
                signature: func noImplementation() -> Signal<Value, Failure>
                doc: No implementation.
                example: "-a|" => noImplementation() => "-a|"
            """
        let diagnostics = parseDiagnostics([specFile(text)])
        #expect(diagnostics.map(\.location) == [at(1, 1), at(6, 1), at(11, 1), at(16, 1)])
        #expect(
            diagnostics.map(\.message) == [
                "'noDoc' has no documentation",
                "'noSignature' has no signature",
                "'noExample' has no example",
                "'noImplementation' has neither 'derive:' nor 'primitive:'",
            ])
        #expect(diagnostics[1].hint == "add 'signature: func noSignature(…) -> Signal<Value, Failure>'")
        #expect(diagnostics[3].hint?.contains("derive it") == true)
    }

    @Test("An entry both derived and primitive is an error at its 'primitive:' field")
    func bothDeriveAndPrimitive() {
        let text = """
            operator both
                signature: func both() -> Signal<Value, Failure>
                doc: Both.
                derive: empty
                primitive: P
                example: "-a|" => both() => "-a|"
            """
        let diagnostics = parseDiagnostics([specFile(text)])
        #expect(
            diagnostics.map(\.description) == [
                """
                Specs/Test.ops:5:5: error: 'both' is both derived and primitive
                Specs/Test.ops:5:5: note: keep 'derive:' or 'primitive:', not both
                """
            ])
    }

    @Test("A field given twice is an error at the second one")
    func duplicateField() {
        let diagnostics = parseDiagnostics([specFile(Self.take + "\n    doc: Again.")])
        #expect(diagnostics.map(\.location) == [at(7, 5)])
        #expect(diagnostics.first?.message == "'doc:' is given twice in 'take'")
    }

    @Test("A signature declaring another name than the entry is an error at the signature")
    func signatureNameMismatch() {
        let text = Self.take.replacingOccurrences(of: "func take(", with: "func drop(")
        let diagnostics = parseDiagnostics([specFile(text)])
        #expect(diagnostics.map(\.location) == [at(3, 16)])
        #expect(diagnostics.first?.message == "the signature declares 'drop' in the entry 'take'")
    }

    @Test(
        "A line at column 0 that is not 'operator NAME' is an error at its column 1, and the entries around it still parse"
    )
    func notAnOperatorLine() {
        let text = """
            operator a
                signature: func a() -> Signal<Value, Failure>
                doc: A.
                primitive: P
                example: "-a|" => a() => "-a|"
            opertor b
            operator c
                signature: func c() -> Signal<Value, Failure>
                doc: C.
                primitive: P
                example: "-a|" => c() => "-a|"
            """
        var parser = EntryParser(path: testPath, contents: text)
        let entries = parser.parse()
        #expect(entries.map(\.name) == ["a", "c"])
        #expect(entries.map(\.location) == [at(1, 1), at(7, 1)])
        #expect(
            parser.diagnostics.map(\.description) == [
                """
                Specs/Test.ops:6:1: error: expected 'operator NAME' to start an entry, found 'opertor b'
                Specs/Test.ops:6:1: note: entries start at the beginning of a line; their fields are indented
                """
            ])
        #expect(parseDiagnostics([specFile(text)]).map(\.location) == [at(6, 1)])
    }

    @Test("An indented line before the first entry is an error at its first character")
    func fieldOutsideAnEntry() {
        let diagnostics = parseDiagnostics([specFile("\n    doc: Orphan.\n" + Self.take)])
        #expect(diagnostics.map(\.location) == [at(2, 5)])
        #expect(
            diagnostics.first?.message == "expected 'operator NAME' to start an entry, found 'doc: Orphan.'")
    }

    @Test("An operator name that is not an identifier is an error at the name; a missing one at column 1")
    func badOperatorName() {
        let bad = parseDiagnostics([
            specFile(Self.take.replacingOccurrences(of: "operator take", with: "operator 2take"))
        ])
        #expect(
            bad.contains { $0.location == at(1, 10) && $0.message == "'2take' is not a Swift identifier" })
        let missing = parseDiagnostics([
            specFile(Self.take.replacingOccurrences(of: "operator take", with: "operator"))
        ])
        #expect(missing.contains { $0.location == at(1, 1) && $0.message == "missing operator name" })
    }

    @Test("Errors of several files are all reported, each with its own file, sorted by location")
    func errorsOfSeveralFiles() {
        let diagnostics = parseDiagnostics([
            specFile(Self.take + "\n    exmaple: x", path: "Specs/B.ops"),
            specFile("oops\n" + Self.take, path: "Specs/A.ops"),
        ])
        #expect(
            diagnostics.map(\.location) == [at(1, 1, file: "Specs/A.ops"), at(7, 5, file: "Specs/B.ops")])
    }

    @Test("A spec file saved with CRLF line endings parses like the same file with LF")
    func crlfLineEndings() {
        let crlf = Self.take.replacingOccurrences(of: "\n", with: "\r\n")
        let diagnostics = parseDiagnostics([specFile(crlf)])
        #expect(
            diagnostics.isEmpty,
            "first error: \(diagnostics.first.map { "\($0.location) \($0.message.prefix(30))…" } ?? "")")
        let spec = try? SpecParser.parse([specFile(crlf)]).first
        #expect(spec?.name == "take")
        #expect(spec?.documentation == "Sends the first values.")
        #expect(spec?.examples.first?.location == at(6, 5))
    }

    @Test(
        "A parenthesised parameter is only accepted on 'example'; on another field it is an error, not silently dropped"
    )
    func parameterOnlyOnExample() {
        let text = Self.take.replacingOccurrences(of: "rac: -take:", with: "rac(objc): -take:")
        let diagnostics = parseDiagnostics([specFile(text)])
        #expect(diagnostics.map(\.location) == [at(2, 5)])
    }
}
