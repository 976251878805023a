import Foundation
import Testing

@testable import RillSpec

/// Stage 3: resolving names, and rejecting what cannot be generated.
///
/// Each test's entries are in `Specs/Test.ops`, after the primitives of `Specs/Primitives.ops`
/// (`just`, `empty`, `bind`, `concat`, `defer`, `takeLast`). An `entry` with `derive:` and no
/// `rac:` has its derive line 3 lines below its `operator` line, the derivation at column 13.
@Suite("Checker")
struct CheckerTests {
    func diagnostics(_ text: String) -> [Diagnostic] {
        checkDiagnostics([primitives, specFile(text)])
    }

    func catalogue(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> [OperatorSpec]
    {
        checked([primitives, specFile(text)], sourceLocation: sourceLocation)
    }

    func spec(_ name: String, in specs: [OperatorSpec]) -> OperatorSpec? {
        specs.last { $0.name == name }
    }

    /// The line of `derive:` of the entry `name` made by `entry` without `rac:` or `state:`.
    func deriveLine(_ name: String, in text: String) -> Int {
        lineNumber(of: "operator \(name)", in: text) + 3
    }

    static let defaultSignature = "func NAME() -> Signal<Value, Failure>"

    func derived(
        _ name: String, _ derive: String, signature: String = CheckerTests.defaultSignature,
        examples: [String] = [#"empty => "|""#]
    ) -> String {
        entry(
            name, signature.replacingOccurrences(of: "NAME", with: name), derive: derive, examples: examples)
    }

    @Test("An unknown operator is an error at its name, with a 'did you mean' hint for a close name")
    func unknownOperator() {
        let text = flattenMapEntry + mapEntry + derived("twice", "self.mapp { $0 }")
        #expect(
            diagnostics(text) == [
                Diagnostic(
                    at(deriveLine("twice", in: text), 18), "unknown operator 'mapp'",
                    hint: "did you mean 'map'?")
            ])
        let far = derived("twice", "self.frobnicate()")
        #expect(
            diagnostics(far) == [
                Diagnostic(
                    at(4, 18), "unknown operator 'frobnicate'",
                    hint: "define it in a spec file, or declare it as a primitive")
            ])
    }

    @Test(
        "A call whose arguments fit no overload is an error at its name that lists the overloads",
        arguments: [
            ("takeLast()", "wrong arguments for 'takeLast': 0 given ()"),
            ("takeLast(count: 1)", "wrong arguments for 'takeLast': 1 given (count:)"),
            ("takeLast(1, 2)", "wrong arguments for 'takeLast': 2 given (_:_:)"),
            ("takeLast { $0 }", "wrong arguments for 'takeLast': 1 given (_:)"),
        ])
    func wrongArguments(derive: String, message: String) {
        #expect(
            diagnostics(derived("last", derive)) == [
                Diagnostic(at(4, 13), message, hint: "expected 'takeLast(_:)'")
            ])
    }

    static let takeOverloads =
        entry("take", "func take(_ count: Int) -> Signal<Value, Failure>", primitive: "P")
        + entry(
            "take",
            "func take(until predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>",
            primitive: "P")

    @Test("Overloads are chosen by argument labels; when none fits, the hint lists them all")
    func overloadsByLabel() {
        let text =
            Self.takeOverloads + derived("first", "take(1)")
            + derived("upToOne", "take(until: { $0 == 1 })") + derived("untilTrailing", "take { $0 == 1 }")
        let specs = catalogue(text)
        #expect(call(derivation(of: spec("first", in: specs)))?.resolution?.key == "take(_:)")
        #expect(call(derivation(of: spec("upToOne", in: specs)))?.resolution?.key == "take(until:)")
        // A trailing closure stands for the last parameter whatever its label.
        #expect(call(derivation(of: spec("untilTrailing", in: specs)))?.resolution?.key == "take(until:)")

        let wrong = Self.takeOverloads + derived("bad", "take(while: { $0 == 1 })")
        #expect(diagnostics(wrong).map(\.hint) == ["expected 'take(_:)' or 'take(until:)'"])
    }

    @Test(
        "Overloads are chosen by closure-vs-value argument: a closure literal only fits a function parameter")
    func overloadsByClosure() {
        let text =
            entry(
                "start", "func start(_ value: Value, count: Int = 1) -> Signal<Value, Failure>",
                primitive: "P")
            + entry(
                "start", "func start(_ make: @escaping @Sendable () -> Value) -> Signal<Value, Failure>",
                primitive: "P")
            + derived(
                "byValue", "start(value)", signature: "func NAME(_ value: Value) -> Signal<Value, Failure>")
            + derived("byTrailingClosure", "start { 1 }") + derived("byClosure", "start({ 1 })")
        let specs = catalogue(text)
        #expect(call(derivation(of: spec("byValue", in: specs)))?.resolution?.key == "start(_:count:)")
        #expect(call(derivation(of: spec("byTrailingClosure", in: specs)))?.resolution?.key == "start(_:)")
        #expect(call(derivation(of: spec("byClosure", in: specs)))?.resolution?.key == "start(_:)")
    }

    @Test(
        "Two entries with the same name and labels are an error at the second; the hint gives the first's location"
    )
    func duplicates() {
        let text =
            Self.takeOverloads
            + entry("take", "func take(_ n: Int) -> Signal<Value, Failure>", primitive: "P")
        let line =
            text.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0 == "operator take" }!
            + 1
        #expect(
            diagnostics(text).map(\.description) == [
                """
                Specs/Test.ops:\(line):1: error: duplicate operator 'take(_:)'
                Specs/Test.ops:\(line):1: note: first defined at Specs/Test.ops:1:1; rename one or change its argument labels
                """
            ])

        // Across files, and a static entry does not clash with an instance one of the same labels.
        let other = entry(
            "just", "static func just(_ other: Value) -> Signal<Value, Failure>", primitive: "P")
        #expect(
            diagnostics(other).map(\.hint) == [
                "first defined at Specs/Primitives.ops:1:1; rename one or change its argument labels"
            ])
        let staticConcat = entry(
            "concat", "static func concat(_ signals: [Signal<Value, Failure>]) -> Signal<Value, Failure>",
            primitive: "P")
        #expect(diagnostics(staticConcat).isEmpty)
    }

    @Test(
        "Overloads that differ only in their constraints are distinct, and a derivation calls the unconstrained one"
    )
    func constrainedOverloads() {
        let neverFailing = entry(
            "flattenMap",
            "func flattenMap<Output: Sendable, NewFailure: Error>(_ transform: @escaping @Sendable (Value) -> Signal<Output, NewFailure>) -> Signal<Output, NewFailure> where Failure == Never",
            primitive: "P")
        let text = neverFailing + flattenMapEntry + mapEntry
        #expect(diagnostics(text).isEmpty)
        let map = spec("map", in: catalogue(text))
        #expect(call(derivation(of: map))?.resolution?.key == "flattenMap(_:)")
    }

    @Test("Within one file an entry may only use entries above it; across files, order does not matter")
    func useBeforeDefinition() {
        let text = derived("a", "self.b()") + entry("b", "func b() -> Signal<Value, Failure>", primitive: "P")
        let definition = lineNumber(of: "operator b", in: text)
        #expect(
            diagnostics(text) == [
                Diagnostic(
                    at(4, 18), "'b()' is used before its definition at Specs/Test.ops:\(definition):1",
                    hint: "move 'a' below 'b', or 'b' above it")
            ])

        let specs = checked([
            primitives, specFile(derived("a", "self.b()"), path: "Specs/A.ops"),
            specFile(entry("b", "func b() -> Signal<Value, Failure>", primitive: "P"), path: "Specs/B.ops"),
        ])
        #expect(call(derivation(of: spec("a", in: specs)))?.resolution?.key == "b()")
    }

    @Test("An example may use an entry defined below it in the same file")
    func examplesMayUseLaterEntries() {
        let text =
            derived("a", "self.concat(empty)", examples: [#""-a|" => b() => "-a|""#])
            + entry("b", "func b() -> Signal<Value, Failure>", primitive: "P")
        let specs = catalogue(text)
        #expect(call(spec("a", in: specs)?.examples.first?.derivation)?.resolution?.key == "b()")
    }

    @Test("Derivations that form a cycle across files are an error at the use that closes it")
    func cyclesAcrossFiles() {
        let diagnostics = checkDiagnostics([
            primitives, specFile(derived("a", "b()"), path: "Specs/X.ops"),
            specFile(derived("b", "a()"), path: "Specs/Y.ops"),
        ])
        #expect(
            diagnostics == [
                Diagnostic(
                    at(4, 13, file: "Specs/X.ops"), "derivations form a cycle: a() → b() → a()",
                    hint: "derive one of them from primitives instead")
            ])
    }

    @Test("An entry derived from itself is an error at the call")
    func selfDerivation() {
        #expect(
            diagnostics(derived("loop", "self.loop()")) == [
                Diagnostic(
                    at(4, 18), "'loop' is derived from itself",
                    hint: "derive it from primitives and other entries")
            ])
    }

    @Test(
        "Resolution is filled in: key, primitive or derived, static, property; signal arguments become derivations"
    )
    func resolution() throws {
        let text =
            flattenMapEntry + mapEntry
            + derived(
                "prepend", "just(value).concat(self)",
                signature: "func NAME(_ value: Value) -> Signal<Value, Failure>")
            + derived("orEmpty", "self.concat(empty)")
        let specs = catalogue(text)

        let concat = try #require(call(derivation(of: spec("prepend", in: specs))))
        #expect(
            concat.resolution
                == .init(key: "concat(_:)", isPrimitive: true, isStatic: false, isProperty: false))
        #expect(
            call(concat.receiver)?.resolution
                == .init(key: "static just(_:)", isPrimitive: true, isStatic: true, isProperty: false))
        guard case .signal(let argument)? = concat.arguments.first?.value else {
            Issue.record("expected a signal argument, found \(String(describing: concat.arguments.first))")
            return
        }
        #expect(argument == .receiver(at(lineNumber(of: "operator prepend", in: text) + 3, 32)))

        let orEmpty = try #require(call(derivation(of: spec("orEmpty", in: specs))))
        guard case .signal(let empty)? = orEmpty.arguments.first?.value else {
            Issue.record("expected a signal argument, found \(String(describing: orEmpty.arguments.first))")
            return
        }
        #expect(
            call(empty)?.resolution
                == .init(key: "static empty", isPrimitive: true, isStatic: true, isProperty: true))

        let flattenMap = call(derivation(of: spec("map", in: specs)))
        #expect(
            flattenMap?.resolution
                == .init(key: "flattenMap(_:)", isPrimitive: false, isStatic: false, isProperty: false))
    }

    @Test(
        "A Swift argument to a non-signal parameter stays Swift; an error inside a signal argument is located"
    )
    func argumentsByParameterType() {
        let specs = catalogue(
            derived(
                "lastOf", "takeLast(count)", signature: "func NAME(_ count: Int) -> Signal<Value, Failure>"))
        if case .swift(let text)? = call(derivation(of: spec("lastOf", in: specs)))?.arguments.first?.value {
            #expect(text.text == "count")
        } else {
            Issue.record("expected a Swift argument")
        }

        #expect(
            diagnostics(derived("a", "self.concat(nope())")).map { "\($0.location) \($0.message)" } == [
                "Specs/Test.ops:4:25 unknown operator 'nope'"
            ])
    }

    @Test("Examples and models are resolved over their sources; their unknown names are located errors")
    func examplesAndModels() throws {
        let prepend = entry(
            "prepend", "func prepend(_ value: Value) -> Signal<Value, Failure>",
            derive: "just(value).concat(self)",
            examples: [
                #""-a|" => prepend("z") => "za-|""#,
                #"first="-a|", second="-b|" => first.concat(second) => "-a-b|""#,
            ],
            model: "prepend(9) ~ [9] + values")
        let specs = catalogue(prepend)
        let checkedPrepend = try #require(spec("prepend", in: specs))
        #expect(call(checkedPrepend.examples.first?.derivation)?.resolution?.key == "prepend(_:)")
        let concat = try #require(call(checkedPrepend.examples.last?.derivation))
        #expect(concat.resolution?.key == "concat(_:)")
        if case .signal(.swift(let second))? = concat.arguments.first?.value {
            #expect(second.text == "second")
        } else {
            Issue.record(
                "expected the source 'second' as a signal argument, found \(String(describing: concat.arguments.first))"
            )
        }
        #expect(call(checkedPrepend.model?.derivation)?.resolution?.key == "prepend(_:)")

        let typo = prepend.replacingOccurrences(of: #"=> prepend("z")"#, with: #"=> prepnd("z")"#)
            .replacingOccurrences(of: "model: prepend(9)", with: "model: prepnd(9)")
        #expect(
            diagnostics(typo) == [
                Diagnostic(at(5, 23), "unknown operator 'prepnd'", hint: "did you mean 'prepend'?"),
                Diagnostic(at(7, 12), "unknown operator 'prepnd'", hint: "did you mean 'prepend'?"),
            ])
    }

    @Test("A signal argument after a skipped defaulted parameter is still read as a derivation and checked")
    func signalArgumentAfterDefaultedParameter() {
        let merge = entry(
            "merge",
            "func merge(_ count: Int = 1, with other: Signal<Value, Failure>) -> Signal<Value, Failure>",
            primitive: "P")
        let specs = catalogue(
            merge
                + derived(
                    "withJust", "self.merge(with: just(value))",
                    signature: "func NAME(_ value: Value) -> Signal<Value, Failure>"))
        let argument = call(derivation(of: spec("withJust", in: specs)))?.arguments.first?.value
        if case .signal(let inner)? = argument {
            #expect(call(inner)?.resolution?.key == "static just(_:)")
        } else {
            Issue.record("expected 'just(value)' as a signal argument, found \(String(describing: argument))")
        }

        let unknown = merge + derived("withNope", "self.merge(with: nope())")
        #expect(diagnostics(unknown).map(\.message) == ["unknown operator 'nope'"])
    }

    @Test("A pack parameter takes every following unlabelled argument; its key marks it with '…'")
    func packParameter() {
        let zipAll = entry(
            "zipAll",
            "static func zipAll<each Element: Sendable>(_ signals: repeat Signal<each Element, Failure>) -> Signal<(repeat each Element), Failure>",
            primitive: "P")
        let specs = catalogue(
            zipAll + derived("three", "Signal<Value, Failure>.zipAll(self, self, self)")
                + derived("none", "Signal<Value, Failure>.zipAll()"))
        #expect(call(derivation(of: spec("three", in: specs)))?.resolution?.key == "static zipAll(_…:)")
        #expect(call(derivation(of: spec("none", in: specs)))?.resolution?.key == "static zipAll(_…:)")
        #expect(
            diagnostics(zipAll + derived("labelled", "Signal<Value, Failure>.zipAll(self, other: self)")).map(
                \.message) == [
                    "wrong arguments for 'zipAll': 2 given (_:other:)"
                ])
    }

    @Test(
        "The arguments a pack of signals takes are read as derivations and checked, like any signal argument")
    func packArgumentsAreSignals() {
        let zipAll = entry(
            "zipAll",
            "static func zipAll<each Element: Sendable>(_ signals: repeat Signal<each Element, Failure>) -> Signal<(repeat each Element), Failure>",
            primitive: "P")
        let specs = catalogue(
            zipAll + derived("pair", "Signal<Value, Failure>.zipAll(self, self.concat(empty))"))
        let arguments = call(derivation(of: spec("pair", in: specs)))?.arguments ?? []
        #expect(arguments.count == 2)
        for argument in arguments {
            if case .signal = argument.value {
            } else {
                Issue.record("expected a signal argument, found \(argument.value)")
            }
        }
        #expect(
            diagnostics(zipAll + derived("bad", "Signal<Value, Failure>.zipAll(self, nope())")).map(\.message)
                == [
                    "unknown operator 'nope'"
                ])
    }
}
