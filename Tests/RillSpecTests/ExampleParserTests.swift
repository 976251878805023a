import Testing

@testable import RillSpec

/// Stage 2e: `example:` and `model:`.
///
/// Every field stands at line 4, its key at column 5 and its value from column 13 on, as in
/// `    example: "-a-b-|" => …` (the value starts with the space after the colon).
@Suite("ExampleParser")
struct ExampleParserTests {
    func field(_ value: String, key: String = "example") -> EntryParser.Field {
        EntryParser.Field(key: key, location: at(4, 5), value: located(value, line: 4, column: 13))
    }

    func example(_ value: String, key: String = "example") throws(Diagnostic) -> Example {
        try ExampleParser.example(field(value, key: key))
    }

    /// The diagnostic parsing `value` throws, or `nil` (recording an issue) if it parses.
    func failure(
        _ value: String, key: String = "example", sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        -> Diagnostic?
    {
        do throws(Diagnostic) {
            let parsed = try example(value, key: key)
            Issue.record("expected an error, parsed \(parsed)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("One source: the receiver's marble, the expression and the expected marble, all located")
    func oneSource() throws {
        let parsed = try example(#" "-a-b-|" => take(1) => "-(a|)""#)
        #expect(parsed.sources.map(\.name) == ["self"])
        #expect(parsed.sources.map(\.marble.text) == ["-a-b-|"])
        // The marble without its quotes: the '-' after the opening quote at column 14.
        #expect(parsed.sources.first?.marble.start == at(4, 15))
        #expect(parsed.expression.text == "take(1)")
        #expect(parsed.expression.start == at(4, 26))
        #expect(parsed.expected.text == "-(a|)")
        #expect(parsed.expected.start == at(4, 38))
        #expect(parsed.valueType == "String")
        #expect(parsed.legend.isEmpty)
        #expect(parsed.location == at(4, 5))
        #expect(parsed.derivation == nil)
    }

    @Test("Named sources, with Int values from 'example(Int)'")
    func namedSources() throws {
        let parsed = try example(
            #" first="-1-2|", second="--3|" => first.concat(second) => "-1-2--3|""#, key: "example(Int)")
        #expect(parsed.sources.map(\.name) == ["first", "second"])
        #expect(parsed.sources.map(\.marble.text) == ["-1-2|", "--3|"])
        #expect(parsed.expression.text == "first.concat(second)")
        #expect(parsed.expected.text == "-1-2--3|")
        #expect(parsed.valueType == "Int")
    }

    @Test("Without sources an example has two parts: expression and expected marble")
    func noSources() throws {
        let parsed = try example(#" just("a") => "(a|)""#)
        #expect(parsed.sources.isEmpty)
        #expect(parsed.expression.text == #"just("a")"#)
        #expect(parsed.expected.text == "(a|)")
    }

    @Test("A legend after 'where' gives values for marble characters; commas inside brackets stay in a value")
    func legend() throws {
        let parsed = try example(#" "-a-b-|" => collect() => "-----(A|)" where A="ax", B=["b", "c"]"#)
        #expect(parsed.expected.text == "-----(A|)")
        #expect(parsed.legend.map(\.character) == ["A", "B"])
        #expect(parsed.legend.map(\.value) == [#""ax""#, #"["b", "c"]"#])
    }

    @Test(
        "A bad marble is an error located in the marble, at the offending character",
        arguments: [
            // (value, column, reason): the value's first character is at column 13.
            (#" "-a-(b|" => take(1) => "-a|""#, 18, "unclosed group"),
            (#" "-a-*|" => take(1) => "-a|""#, 18, "unexpected character '*'"),
            (#" "-a|" => take(1) => "-a|b""#, 38, "'b' after the terminal event at column 3"),
            (#" first="-a|", second="-(a-b)" => first.concat(second) => "-a|""#, 38, "'-' inside the group"),
        ])
    func badMarble(value: String, column: Int, reason: String) {
        let diagnostic = failure(value)
        #expect(diagnostic?.location == at(4, column))
        #expect(diagnostic?.message.hasPrefix("bad marble: \(reason)") == true)
    }

    @Test("A marble must be quoted; the error is at its first character")
    func unquotedMarble() {
        let diagnostic = failure(#" -a| => take(1) => "-a|""#)
        #expect(diagnostic?.location == at(4, 14))
        #expect(diagnostic?.message == #"expected a quoted marble such as "-a-b-|", found '-a|'"#)
    }

    @Test(
        "An example with other than two or three '=>'-separated parts is an error at its start",
        arguments: [(#" "-a|""#, 1), (#" "-a|" => take(1) => "-a|" => "-a|""#, 4)])
    func wrongNumberOfParts(value: String, parts: Int) {
        let diagnostic = failure(value)
        #expect(diagnostic?.location == at(4, 14))
        #expect(
            diagnostic?.message == "an example is 'sources => expression => expected', found \(parts) parts")
    }

    @Test("Two parts read as expression and expected: a source marble in front of them is then no marble")
    func twoPartsWithASource() {
        let diagnostic = failure(#" "-a|" => take(1)"#)
        #expect(diagnostic?.location == at(4, 23))
        #expect(diagnostic?.message == "expected a quoted marble such as \"-a-b-|\", found 'take(1)'")
    }

    @Test("Several sources must be named; a source name must be an identifier")
    func sourceNames() {
        let unnamed = failure(#" "-a|", "-b|" => first.concat(second) => "-a-b|""#)
        #expect(unnamed?.message == "name each source of an example with several sources")
        #expect(unnamed?.location == at(4, 14))
        let badName = failure(#" first="-a|", 2nd="-b|" => first.concat(second) => "-a-b|""#)
        #expect(badName?.message == "'2nd' is not a valid source name")
        #expect(badName?.location == at(4, 27))
    }

    @Test("A missing expression, a malformed legend and an unsupported value type are located errors")
    func otherErrors() {
        let missing = failure(#" "-a|" =>  => "-a|""#)
        #expect(missing?.message == "missing the expression between '=>'s")
        #expect(missing?.location == at(4, 22))

        let legend = failure(#" "-a|" => take(1) => "-A|" where AB="x""#)
        #expect(legend?.message == #"expected 'X=value' in the legend, found 'AB="x"'"#)
        #expect(legend?.location == at(4, 46))

        let valueType = failure(#" "-a|" => take(1) => "-a|""#, key: "example(Double)")
        #expect(valueType?.message == "unsupported example value type 'Double'")
        #expect(valueType?.location == at(4, 5))
    }

    @Test("A model is 'call ~ Swift expression', both located")
    func model() throws {
        let parsed = try ExampleParser.model(field(" take(2) ~ Array(values.prefix(2))", key: "model"))
        #expect(parsed.call.text == "take(2)")
        #expect(parsed.call.start == at(4, 14))
        #expect(parsed.expected.text == "Array(values.prefix(2))")
        #expect(parsed.expected.start == at(4, 24))
        #expect(parsed.location == at(4, 5))
        #expect(parsed.derivation == nil)
    }

    @Test("A model without ' ~ ' is an error at its start")
    func modelWithoutTilde() {
        do throws(Diagnostic) {
            let parsed = try ExampleParser.model(field(" take(2) = Array(values.prefix(2))", key: "model"))
            Issue.record("expected an error, parsed \(parsed)")
        } catch {
            #expect(error.location == at(4, 14))
            #expect(error.message == "a model is 'operator call ~ Swift expression over values'")
        }
    }

    @Test("Examples and models reach the spec through SpecParser, each at its field's key")
    func throughSpecParser() throws {
        let text = """
            operator take
                signature: func take(_ count: Int) -> Signal<Value, Failure>
                doc: Takes.
                example: "-a-b-|" => take(1) => "-(a|)"
                primitive: P
                model: take(2) ~ Array(values.prefix(2))
            """
        let spec = try #require(parsed([specFile(text)]).first)
        #expect(spec.examples.first?.sources.first?.marble.start == at(4, 15))
        #expect(spec.model?.location == at(6, 5))
        #expect(spec.model?.call.start == at(6, 12))
    }
}
