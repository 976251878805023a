import Foundation
import Testing

@testable import RillSpec

/// What would not compile is rejected at the spec line that causes it.
@Suite("Rejections: what would not compile is an error at the spec line")
struct RejectionTests {
    /// The only diagnostic of checking `text` after the primitives, or `nil` with an issue.
    func diagnostic(
        _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Diagnostic? {
        let diagnostics = checkDiagnostics([primitives, specFile(flattenMapEntry + text)])
        #expect(diagnostics.count == 1, "\(diagnostics)", sourceLocation: sourceLocation)
        return diagnostics.first
    }

    /// Where `fragment` starts in `text` (after the flattenMap entry), 1-based.
    func location(of fragment: String, in text: String) -> RillSpec.SourceLocation {
        let full = flattenMapEntry + text
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: fragment) {
                return at(index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return at(0, 0)
    }

    @Test("Text after a signature's return type is an error at the text")
    func junkAfterReturnType() {
        let text = entry("f", "func f() -> Signal<Value, Failure> junk", derive: "self")
        let found = diagnostic(text)
        #expect(found?.location == location(of: "junk", in: text))
        #expect(found?.message == "unexpected 'junk' after the return type")
    }

    @Test(
        "A misspelt type or an undeclared generic parameter in a signature or where clause is an error at it")
    func unknownTypes() {
        let misspelt = entry("f", "func f(_ count: Intt) -> Signal<Value, Failure>", derive: "self")
        #expect(diagnostic(misspelt)?.location == location(of: "Intt", in: misspelt))
        #expect(diagnostic(misspelt)?.hint == "did you mean 'Int'?")
        let value = entry("g", "func g() -> Signal<Valeu, Failure>", derive: "self")
        #expect(diagnostic(value)?.message == "unknown type 'Valeu'")
        let undeclared = entry("h", "func h() -> Signal<Value, Failure> where T: Equatable", derive: "self")
        #expect(diagnostic(undeclared)?.location == location(of: "T: Equatable", in: undeclared))
        #expect(diagnostic(undeclared)?.message == "'T' is not a generic parameter in scope")
        let generic = entry(
            "i", "func i(_ other: Signal<T, Failure>) -> Signal<Value, Failure>", derive: "self")
        #expect(diagnostic(generic)?.message == "'T' is not a generic parameter of 'i'")
        let declared = entry(
            "j",
            "func j<T: Equatable>(_ other: Signal<T, Failure>) -> Signal<Value, Failure> where Value: Hashable",
            derive: "self")
        #expect(checkDiagnostics([primitives, specFile(flattenMapEntry + declared)]).isEmpty)
    }

    @Test("'state: var n=0' is read as 'var n = 0', not dropped")
    func stateWithoutSpaces() throws {
        let text = entry(
            "counted", "func counted() -> Signal<Int, Failure>", state: "var n=0",
            derive: "bind { value in\n    n += 1\n    return just(n)\n}")
        let specs = checked([primitives, specFile(flattenMapEntry + text)])
        let library = LibraryEmitter.emit(specs, paths: SpecPaths(root: ""), importing: [])
        #expect(library.contains("let n = SinkState(0)"))
        #expect(library.contains("n.withValue { n in"))
        #expect(
            flattened(library).contains(
                "{ value in n += 1 _rillDownstream.sendNext(n); return; }(_rillInput)"))
    }

    @Test("State the derivation does not use, or state without a bind block, is an error at the state line")
    func unusedState() {
        let unused = entry(
            "f", "func f() -> Signal<Value, Failure>", state: "var unused = 0",
            derive: "bind { value in just(value) }")
        #expect(diagnostic(unused)?.location == location(of: "var unused", in: unused))
        #expect(diagnostic(unused)?.message == "the state 'unused' is not used by the derivation")
        let withoutBind = entry(
            "g", "func g() -> Signal<Value, Failure>", state: "var seen = 0",
            derive: "flattenMap { value in seen > 0 ? just(value) : empty }")
        #expect(
            diagnostic(withoutBind)?.message == "state belongs to a 'bind' block, and the derivation has none"
        )
    }

    @Test("State with a misspelt 'bind' is an error at the misspelt word, once, naming the state's line")
    func misspeltBindWithState() {
        for misspelling in ["bnd", "bidn", "bindd"] {
            let text = entry(
                "every", "func every(_ step: Int) -> Signal<Value, Failure>", state: "var position = 0",
                derive:
                    "\(misspelling) { value in\n    position += 1\n    return position % step == 0 ? just(value) : empty\n}"
            )
            let diagnostics = checkDiagnostics([primitives, specFile(flattenMapEntry + text)])
            #expect(diagnostics.count == 1, "\(diagnostics)")
            #expect(diagnostics.first?.location == location(of: "\(misspelling) {", in: text))
            let stateLine = location(of: "var position", in: text).line
            #expect(
                diagnostics.first?.message
                    == "'\(misspelling)' is not 'bind', and the state on line \(stateLine) belongs to a 'bind' block"
            )
            #expect(diagnostics.first?.hint == "did you mean 'bind'?")
        }
    }

    @Test("A step that lost its 'return' is an error at the step")
    func stepWithoutReturn() {
        let text = entry(
            "f", "func f() -> Signal<Value, Failure>",
            derive: "bind { value in\n    if value == value { return just(value) }\n    empty\n}")
        #expect(diagnostic(text)?.location == location(of: "    empty", in: text).advanced(by: 4))
        #expect(diagnostic(text)?.message == "this step is not answered: it lacks 'return'")
        let statements = entry(
            "g", "func g() -> Signal<Value, Failure>",
            derive: "bind { value in\n    let next = value\n    just(next)\n}")
        #expect(diagnostic(statements)?.message == "a block of several statements answers with 'return step'")
    }

    @Test("An unclosed '{' is an error at the '{'")
    func unclosedBrace() {
        let text = entry("f", "func f() -> Signal<Value, Failure>", derive: "bind { value in just(value)")
        #expect(
            diagnostic(text)?.location
                == location(of: "derive: bind { value in just", in: text).advanced(by: 13))
        #expect(diagnostic(text)?.message == "unclosed '{'")
    }

    @Test("Control characters in rac: or doc:, a lone carriage return included, are errors at the character")
    func controlCharacters() {
        let rac = entry("f", "func f() -> Signal<Value, Failure>", rac: "-f\u{7}:", derive: "self")
        #expect(diagnostic(rac)?.location == location(of: "\u{7}", in: rac))
        #expect(diagnostic(rac)?.message == "control character U+0007 in the spec")
        let doc = entry("g", "func g() -> Signal<Value, Failure>", derive: "self")
            .replacingOccurrences(of: "doc: The g operator.", with: "doc: The g\roperator.")
        #expect(diagnostic(doc)?.location == location(of: "\r", in: doc))
        #expect(diagnostic(doc)?.message == "control character U+000D in the spec")
    }

    @Test("A malformed example expression is an error at the offending character")
    func malformedExample() {
        let text = entry(
            "f", "func f() -> Signal<Value, Failure>", derive: "self", examples: [#""-a|" => f(( => "-a|""#])
        #expect(diagnostic(text)?.location == location(of: "((", in: text))
        #expect(diagnostic(text)?.message == "unclosed '('")
    }

    @Test(
        "A marble that cannot run is an error at its character: '^' in a source, a non-digit in example(Int)")
    func examplesThatCannotRun() {
        let hot = entry(
            "f", "func f() -> Signal<Value, Failure>", derive: "self", examples: [#""-^a|" => f() => "-a|""#])
        #expect(diagnostic(hot)?.location == location(of: "^", in: hot))
        for value in ["a", "\u{663}"] {
            let text = entry("g", "func g() -> Signal<Value, Failure>", derive: "self")
                .replacingOccurrences(
                    of: "    example: empty => \"|\"",
                    with: "    example(Int): \"-1-\(value)|\" => g() => \"-1|\"")
            #expect(diagnostic(text)?.location == location(of: "\(value)|\" =>", in: text))
            #expect(diagnostic(text)?.message == "'\(value)' is not a value of 'example(Int):'")
        }
        let legend = entry(
            "h", "func h() -> Signal<Value, Failure>", derive: "self",
            examples: [#""-a|" => h() => "-A-B|" where A="a""#])
        #expect(diagnostic(legend)?.message == "'B' is not in the legend")
    }
}

extension RillSpec.SourceLocation {
    func advanced(by columns: Int) -> RillSpec.SourceLocation {
        RillSpec.SourceLocation(file: file, line: line, column: column + columns)
    }
}
