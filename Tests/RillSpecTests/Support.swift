import Foundation
import Testing

@testable import RillSpec

// Helpers shared by the generator's tests. `SourceLocation` exists both in Testing and in
// RillSpec, so spec locations are always spelled `RillSpec.SourceLocation` (or built with `at`).

/// The path every inline spec is read from, as diagnostics print it.
let testPath = "Specs/Test.ops"

/// A spec location in `file`, 1-based.
func at(_ line: Int, _ column: Int, file: String = testPath) -> RillSpec.SourceLocation {
    RillSpec.SourceLocation(file: file, line: line, column: column)
}

/// One line of spec text starting at `start`, located as the parser locates what it cuts out of
/// a spec: a column per character, and its end where the next character stands.
func located(_ text: String, _ start: RillSpec.SourceLocation) -> LocatedText {
    LocatedText(
        text: text, locations: (0..<text.count).map { at(start.line, start.column + $0, file: start.file) },
        end: at(start.line, start.column + text.count, file: start.file))
}

/// Generated Swift without its `#sourceLocation` lines and with the spaces that lay copied spec
/// text out at its columns gone: each run of white space one space, none inside parentheses.
func flattened(_ swift: String) -> String {
    let lines = swift.split(separator: "\n").filter { !$0.trimmingSpaces.hasPrefix("#sourceLocation") }
    return lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
}

func specFile(_ contents: String, path: String = testPath) -> SpecReader.File {
    SpecReader.File(path: path, contents: contents)
}

/// `text` as if it stood in a spec file from `line`:`column` on; a newline moves to column 1
/// of the next line.
func located(_ text: String, line: Int = 1, column: Int = 1, file: String = testPath) -> LocatedText {
    var locations: [RillSpec.SourceLocation] = []
    var currentLine = line
    var currentColumn = column
    for character in text {
        locations.append(at(currentLine, currentColumn, file: file))
        if character == "\n" {
            currentLine += 1
            currentColumn = 1
        } else {
            currentColumn += 1
        }
    }
    return LocatedText(text: text, locations: locations, end: at(currentLine, currentColumn, file: file))
}

/// The 1-based line of the first line of `text` that is exactly `line`, or 0.
func lineNumber(of line: String, in text: String) -> Int {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.firstIndex { $0 == line }).map { $0 + 1 } ?? 0
}

/// The diagnostics parsing `files` reports; empty when it succeeds.
func parseDiagnostics(_ files: [SpecReader.File]) -> [Diagnostic] {
    do throws(SpecErrors) {
        _ = try SpecParser.parse(files)
        return []
    } catch {
        return error.diagnostics
    }
}

/// The diagnostics parsing and checking `files` reports; empty when both succeed.
func checkDiagnostics(_ files: [SpecReader.File]) -> [Diagnostic] {
    do throws(SpecErrors) {
        _ = try Checker.check(try SpecParser.parse(files))
        return []
    } catch {
        return error.diagnostics
    }
}

/// Parses `files`, recording an issue (with every diagnostic) if that fails.
func parsed(_ files: [SpecReader.File], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> [OperatorSpec]
{
    do throws(SpecErrors) {
        return try SpecParser.parse(files)
    } catch {
        Issue.record("unexpected spec errors:\n\(error)", sourceLocation: sourceLocation)
        return []
    }
}

/// Parses and checks `files`, recording an issue (with every diagnostic) if that fails.
func checked(_ files: [SpecReader.File], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> [OperatorSpec]
{
    do throws(SpecErrors) {
        return try Checker.check(try SpecParser.parse(files))
    } catch {
        Issue.record("unexpected spec errors:\n\(error)", sourceLocation: sourceLocation)
        return []
    }
}

/// One entry of a spec file. Lines after the first of `derive` are indented as continuations.
func entry(
    _ name: String, _ signature: String, rac: String? = nil, state: String? = nil, derive: String? = nil,
    primitive: String? = nil, examples: [String] = [#"empty => "|""#], model: String? = nil
) -> String {
    var lines = ["operator \(name)"]
    if let rac { lines.append("    rac: \(rac)") }
    lines.append("    signature: \(signature)")
    lines.append("    doc: The \(name) operator.")
    if let state { lines.append("    state: \(state)") }
    if let derive {
        lines.append(
            "    derive: "
                + derive.split(separator: "\n", omittingEmptySubsequences: false).joined(
                    separator: "\n        "))
    }
    if let primitive { lines.append("    primitive: \(primitive)") }
    for example in examples { lines.append("    example: \(example)") }
    if let model { lines.append("    model: \(model)") }
    return lines.joined(separator: "\n") + "\n\n"
}

/// A few primitives, in their own file, that the derivations of the tests are built from.
let primitivesPath = "Specs/Primitives.ops"
let primitives = specFile(
    entry(
        "just", "static func just(_ value: Value) -> Signal<Value, Failure>", primitive: "P",
        examples: [#"just("a") => "(a|)""#])
        + entry("empty", "static var empty: Signal<Value, Failure>", primitive: "P")
        + entry(
            "bind",
            "func bind<Output: Sendable>(_ makeBlock: @escaping @Sendable () -> (Value) -> BindStep<Output, Failure>) -> Signal<Output, Failure>",
            rac: "-bind:", primitive: "Sources/Rill/Primitives/Bind.swift",
            examples: [#""-a|" => bind { value in just(value) } => "-a|""#])
        + entry(
            "concat", "func concat(_ next: Signal<Value, Failure>) -> Signal<Value, Failure>", primitive: "P",
            examples: [#"first="-a|", second="-b|" => first.concat(second) => "-a-b|""#])
        + entry(
            "defer",
            "static func `defer`(_ makeSignal: @escaping @Sendable () -> Signal<Value, Failure>) -> Signal<Value, Failure>",
            primitive: "P", examples: [#"first="-a|" => Signal.defer { first } => "-a|""#])
        + entry(
            "takeLast", "func takeLast(_ count: Int) -> Signal<Value, Failure>", primitive: "P",
            examples: [#""-a|" => takeLast(1) => "-a|""#]),
    path: primitivesPath)

/// `flattenMap` derived from `bind` as Rill derives it: its block merges a signal, so it stays a `bind`.
let flattenMapEntry = entry(
    "flattenMap",
    "func flattenMap<Output: Sendable>(_ transform: @escaping @Sendable (Value) -> Signal<Output, Failure>) -> Signal<Output, Failure>",
    rac: "-flattenMap:", derive: "bind { value in signal(transform(value)) }",
    examples: [#""-a-b-|" => flattenMap { value in just(value) } => "-a-b-|""#])

/// `map` derived from `flattenMap`: its block only answers `just`, so it becomes a direct sink.
let mapEntry = entry(
    "map",
    "func map<Output: Sendable>(_ transform: @escaping @Sendable (Value) -> Output) -> Signal<Output, Failure>",
    rac: "-map:", derive: "flattenMap { just(transform($0)) }",
    examples: [#""-a-b-|" => map { $0 } => "-a-b-|""#])

/// The call `derivation` is, recording an issue if it is something else.
func call(_ derivation: Derivation?, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Derivation
    .Call?
{
    guard case .call(let call)? = derivation else {
        Issue.record(
            "expected a call, found \(String(describing: derivation))", sourceLocation: sourceLocation)
        return nil
    }
    return call
}

/// The derivation of a derived spec.
func derivation(of spec: OperatorSpec?, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> Derivation?
{
    guard case .derived(let derivation)? = spec?.implementation else {
        Issue.record(
            "expected a derived spec, found \(String(describing: spec?.implementation))",
            sourceLocation: sourceLocation)
        return nil
    }
    return derivation
}

/// The part of generated text from the line starting with `marker` up to the next line that
/// starts with `// ` (the next entry's location comment), or the end.
func section(startingWith marker: String, in text: String) -> String {
    guard let start = text.range(of: "\n" + marker) else { return "" }
    let rest = text[start.upperBound...]
    guard let end = rest.range(of: "\n// ") else { return marker + rest }
    return marker + rest[..<end.lowerBound]
}
