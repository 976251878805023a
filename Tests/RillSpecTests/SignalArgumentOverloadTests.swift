import Testing

@testable import RillSpec

/// The overloads that let a subject or a property stand where an operator takes a signal.
@Suite("SignalArgumentOverloads")
struct SignalArgumentOverloadTests {
    func converted(_ text: String) throws -> String? {
        try SignalArgumentOverloads.converting(SignatureParser.parse(located(text, line: 1, column: 1)))?
            .declaration
    }

    @Test("a parameter that is a whole Signal<…> takes some SignalConvertible<…>")
    func plainSignalParameters() throws {
        #expect(
            try converted("func merge(with other: Signal<Value, Failure>) -> Signal<Value, Failure>")
                == "func merge(with other: some SignalConvertible<Value, Failure>) -> Signal<Value, Failure>")
        #expect(
            try converted(
                "static func `if`(_ condition: Signal<Bool, Failure>, then thenSignal: Signal<Value, Failure>, else elseSignal: Signal<Value, Failure>) -> Signal<Value, Failure>"
            )
                == "static func `if`(_ condition: some SignalConvertible<Bool, Failure>, then thenSignal: some SignalConvertible<Value, Failure>, else elseSignal: some SignalConvertible<Value, Failure>) -> Signal<Value, Failure>"
        )
        #expect(
            try converted(
                "func zip<Other: Sendable>(with other: Signal<[Other], Failure>) -> Signal<(Value, [Other]), Failure>"
            )
                == "func zip<Other: Sendable>(with other: some SignalConvertible<[Other], Failure>) -> Signal<(Value, [Other]), Failure>"
        )
    }

    @Test("a sequence of signals takes a sequence of some SignalConvertible, passed on mapped to signals")
    func sequences() throws {
        let text =
            "static func merge(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<Value, Failure>"
        let original = try SignatureParser.parse(located(text, line: 1, column: 1))
        let converted = try #require(SignalArgumentOverloads.converting(original))
        #expect(
            converted.declaration
                == "static func merge(_ signals: some Sequence<some SignalConvertible<Value, Failure>>) -> Signal<Value, Failure>"
        )
        #expect(
            SignalArgumentOverloads.call(converted, original: original) == "merge(signals.map { $0.signal })")
    }

    @Test("closures, dictionaries, packs, defaults and signal-free signatures are left alone")
    func leftAlone() throws {
        #expect(
            try converted(
                "func then<Output: Sendable>(_ makeNext: @escaping @Sendable () -> Signal<Output, Failure>) -> Signal<Output, Failure>"
            ) == nil)
        #expect(
            try converted(
                "static func zip<each Element: Sendable>(_ signals: repeat Signal<each Element, Failure>) -> Signal<(repeat each Element), Failure> where Value == (repeat each Element)"
            ) == nil)
        #expect(
            try converted("func concat(_ next: Signal<Value, Failure> = .empty) -> Signal<Value, Failure>")
                == nil)
        #expect(try converted("func take(_ count: Int) -> Signal<Value, Failure>") == nil)
        #expect(SignalArgumentOverloads.signalArguments(of: "Signal<Value, Failure>?") == nil)
        #expect(SignalArgumentOverloads.signalArguments(of: "Signal<Value, Failure>.Element") == nil)
        #expect(SignalArgumentOverloads.signalArguments(of: "[Key: Signal<Value, Failure>]") == nil)
    }

    @Test("the overload hands each converted argument's signal to the operator, on Signal and on subjects")
    func emittedForwarding() {
        let specs = parsed([
            specFile(
                entry(
                    "mergeTwice",
                    "func mergeTwice(with other: Signal<Value, Failure>) -> Signal<Value, Failure>",
                    derive: "self.concat(other)"))
        ])
        let library = LibraryEmitter.emit(specs, paths: SpecPaths(root: "/package"), importing: [])
        let declaration =
            "func mergeTwice(with other: some SignalConvertible<Value, Failure>) -> Signal<Value, Failure>"
        // On `Signal`, and on subjects as receivers.
        #expect(
            library.contains(
                "@_disfavoredOverload @inlinable public \(declaration) { self.mergeTwice(with: other.signal) }"
            ))
        #expect(
            library.contains(
                "@_disfavoredOverload @inlinable public \(declaration) { self.signal.mergeTwice(with: other) }"
            ))
        #expect(
            library.contains(
                "@inlinable public func mergeTwice(with other: Signal<Value, Failure>) -> Signal<Value, Failure> { self.signal.mergeTwice(with: other) }"
            ))
    }
}
