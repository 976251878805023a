import Testing

@testable import RillSpec

/// Stage 2b: `signature:`, a Swift declaration.
@Suite("SignatureParser")
struct SignatureParserTests {
    func signature(_ text: String) throws(Diagnostic) -> Signature {
        try SignatureParser.parse(located(text, line: 3, column: 15))
    }

    /// The diagnostic parsing `text` throws, or `nil` (recording an issue) if it parses.
    func failure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
        do throws(Diagnostic) {
            let parsed = try signature(text)
            Issue.record("expected an error, parsed \(parsed)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("@_disfavoredOverload is kept apart from the declaration; any other attribute is an error at it")
    func attributes() throws {
        let parsed = try signature("@_disfavoredOverload func take(_ count: Int) -> Signal<Value, Failure>")
        #expect(parsed.isDisfavored)
        #expect(parsed.attributes == "@_disfavoredOverload ")
        #expect(parsed.declaration == "func take(_ count: Int) -> Signal<Value, Failure>")
        #expect(try !signature("func take(_ count: Int) -> Signal<Value, Failure>").isDisfavored)
        let error = try #require(failure("@inlinable func take(_ count: Int) -> Signal<Value, Failure>"))
        #expect(error.message.contains("'@inlinable' is not an attribute a signature may have"))
        #expect(error.location.line == 3 && error.location.column == 15)
    }

    @Test("An instance func: name, one unlabelled parameter, return type, key and declaration")
    func instanceFunction() throws {
        let text = "func take(_ count: Int) -> Signal<Value, Failure>"
        let parsed = try signature(" " + text)
        #expect(!parsed.isStatic)
        #expect(!parsed.isProperty)
        #expect(parsed.name == "take")
        #expect(parsed.genericParameters == "")
        #expect(parsed.parameters == [.init(label: nil, name: "count", type: "Int", defaultValue: nil)])
        #expect(parsed.returnType == "Signal<Value, Failure>")
        #expect(parsed.whereClause == "")
        #expect(parsed.key == "take(_:)")
        #expect(parsed.displayName == "take(_:)")
        #expect(parsed.declaration == text)
        // Located at 'func', past the leading space.
        #expect(parsed.location == at(3, 16))
    }

    @Test("A static func has 'static' in its key and declaration")
    func staticFunction() throws {
        let parsed = try signature("static func just(_ value: Value) -> Signal<Value, Failure>")
        #expect(parsed.isStatic)
        #expect(parsed.key == "static just(_:)")
        #expect(parsed.displayName == "just(_:)")
        #expect(parsed.declaration == "static func just(_ value: Value) -> Signal<Value, Failure>")
    }

    @Test("Generic parameters with constraints, and commas inside <…>, (…) and […] do not split parameters")
    func genericsAndNestedCommas() throws {
        let parsed = try signature(
            "func zip<Other: Sendable, Pair: Hashable>(with other: Signal<Other, Failure>, _ pairs: [Pair: (Int, Int)]) -> Signal<(Value, Other), Failure> where Other: Equatable, Pair: Sendable"
        )
        #expect(parsed.genericParameters == "<Other: Sendable, Pair: Hashable>")
        #expect(
            parsed.parameters == [
                .init(label: "with", name: "other", type: "Signal<Other, Failure>", defaultValue: nil),
                .init(label: nil, name: "pairs", type: "[Pair: (Int, Int)]", defaultValue: nil),
            ])
        #expect(parsed.parameters.map(\.isSignal) == [true, false])
        #expect(parsed.returnType == "Signal<(Value, Other), Failure>")
        #expect(parsed.whereClause == "Other: Equatable, Pair: Sendable")
        #expect(parsed.key == "zip(with:_:)")
    }

    @Test("A function-typed parameter whose type contains '->' and generic arguments is one parameter")
    func functionParameter() throws {
        let type = "@escaping @Sendable () -> (Value) -> BindStep<Output, Failure>"
        let parsed = try signature(
            "func bind<Output: Sendable>(_ makeBlock: \(type)) -> Signal<Output, Failure>")
        #expect(parsed.genericParameters == "<Output: Sendable>")
        #expect(parsed.parameters == [.init(label: nil, name: "makeBlock", type: type, defaultValue: nil)])
        #expect(parsed.parameters.first?.isFunction == true)
        #expect(parsed.returnType == "Signal<Output, Failure>")
    }

    @Test("Labels: '_' is no label, one word is label and name, two words are label then name")
    func labels() throws {
        let parsed = try signature(
            "func f(_ a: Int, count: Int, until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>"
        )
        #expect(parsed.parameters.map(\.label) == [nil, "count", "until"])
        #expect(parsed.parameters.map(\.name) == ["a", "count", "predicate"])
        #expect(parsed.parameters.map(\.isFunction) == [false, false, true])
        #expect(parsed.key == "f(_:count:until:)")
        #expect(
            parsed.declaration
                == "func f(_ a: Int, count: Int, until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>"
        )
    }

    @Test("Default values are split from the type and written back in the declaration")
    func defaultValues() throws {
        let parsed = try signature(
            "func f(_ count: Int = 1, by step: [Int] = [2, 3]) -> Signal<Value, Failure>")
        #expect(parsed.parameters.map(\.type) == ["Int", "[Int]"])
        #expect(parsed.parameters.map(\.defaultValue) == ["1", "[2, 3]"])
        #expect(
            parsed.declaration
                == "func f(_ count: Int = 1, by step: [Int] = [2, 3]) -> Signal<Value, Failure>")
    }

    @Test("A where clause is split from the return type, even when the return type is generic")
    func whereClause() throws {
        let parsed = try signature(
            "func flatten<Inner: Sendable>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure>")
        #expect(parsed.parameters.isEmpty)
        #expect(parsed.returnType == "Signal<Inner, Failure>")
        #expect(parsed.whereClause == "Value == Signal<Inner, Failure>")
        #expect(parsed.key == "flatten()")
        #expect(
            parsed.declaration
                == "func flatten<Inner: Sendable>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure>"
        )
    }

    @Test("'static var' is a property: no parameters, key and display name without parentheses")
    func staticProperty() throws {
        let parsed = try signature("static var empty: Signal<Value, Failure>")
        #expect(parsed.isStatic)
        #expect(parsed.isProperty)
        #expect(parsed.name == "empty")
        #expect(parsed.returnType == "Signal<Value, Failure>")
        #expect(parsed.key == "static empty")
        #expect(parsed.displayName == "empty")
        #expect(parsed.declaration == "static var empty: Signal<Value, Failure>")
    }

    @Test("A backticked keyword name is read without backticks and declared with them")
    func backtickedName() throws {
        let parsed = try signature(
            "static func `defer`(_ makeSignal: @escaping @Sendable () -> Signal<Value, Failure>) -> Signal<Value, Failure>"
        )
        #expect(parsed.name == "defer")
        #expect(parsed.declaredName == "`defer`")
        #expect(parsed.key == "static defer(_:)")
        #expect(
            parsed.declaration
                == "static func `defer`(_ makeSignal: @escaping @Sendable () -> Signal<Value, Failure>) -> Signal<Value, Failure>"
        )
        #expect(parsed.parameters.first?.isSignal == false)
    }

    @Test(
        "Every keyword an operator may be named after is declared with backticks",
        arguments: ["if", "switch", "repeat", "for"])
    func keywordNames(_ keyword: String) throws {
        let parsed = try signature(
            "static func `\(keyword)`(_ condition: Signal<Bool, Failure>) -> Signal<Value, Failure>")
        #expect(parsed.declaredName == "`\(keyword)`")
    }

    @Test(
        "A malformed signature is an error located at the offending character",
        arguments: [
            // (text, column of the error, message); the text starts at column 15.
            ("take(_ count: Int) -> S", 15, "a signature starts with 'func', 'static func' or 'static var'"),
            ("func (_ x: Int) -> S", 20, "missing the function name"),
            ("func `defer(_ x: Int) -> S", 20, "unclosed '`' around the function name"),
            ("func take<T(_ x: T) -> S", 24, "unclosed generic parameter list"),
            ("func take _ x: Int) -> S", 25, "expected '(' to open the parameter list"),
            ("func take(_ x: Int", 24, "unclosed parameter list"),
            ("func take(_ x: Int) Signal", 35, "expected '-> Signal<…>' after the parameters"),
            ("func take(_ x: Int) ->", 37, "missing the return type"),
            ("func take(_ x Int) -> S", 25, "expected 'label name: Type' in the parameter '_ x Int'"),
            (
                "func take(a b c: Int) -> S", 25,
                "expected at most a label and a name before ':' in 'a b c: Int'"
            ),
            ("static var : S", 26, "expected 'static var NAME: Signal<…>'"),
        ])
    func malformed(text: String, column: Int, message: String) {
        let diagnostic = failure(text)
        #expect(diagnostic?.location == at(3, column))
        #expect(diagnostic?.message == message)
    }
}
