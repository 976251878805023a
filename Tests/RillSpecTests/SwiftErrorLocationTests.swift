import Foundation
import Testing

@testable import RillSpec

/// Swift errors in code that came from a spec are reported by the compiler at the spec's line.
@Suite("Swift errors in generated code point at the spec")
struct SwiftErrorLocationTests {
    /// Where the package's modules are built, next to `rill-ops`.
    static var modules: URL? {
        CLITests.executable.map { $0.deletingLastPathComponent().appendingPathComponent("Modules") }
            .flatMap {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("Rill.swiftmodule").path)
                    ? $0 : nil
            }
    }

    static var rillSpecs: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
    }

    /// The compiler's errors for `swift`, type-checked against the built Rill module.
    static func typecheck(_ swift: URL, modules: URL) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Rill imports its C module publicly; it is found by its module map, in the sources.
        let stackPointer = rillSpecs.deletingLastPathComponent().appendingPathComponent(
            "Sources/RillStackPointer/include")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "-I", stackPointer.path,
            swift.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("A type error in a derive: of another package's spec is an error at Specs/FILE.ops:LINE:COLUMN")
    func typeErrorInDerivation() throws {
        let errors = try Self.errors(
            ofLibraryFrom: """
                operator shout
                    signature: func shout() -> Signal<String, Failure> where Value == Int
                    doc: Sends each value as text.
                    derive: map { $0 + "!" }
                    example(Int): "-1|" => shout() => "-a|" where a="1!"

                operator tally
                    signature: func tally() -> Signal<Int, Failure>
                    doc: Counts values.
                    state: var count = 0
                    derive: bind { value in
                            count += 1
                            return just(count + value)
                        }
                    example: "-a|" => tally() => "-1|" where 1=1

                """)
        // `$0 + "!"` on an Int, in the derive: of line 4, once, and at the column the compiler
        // gives (`$0`, which it cannot convert to a String) in the spec's own text: the
        // closure's body is copied to the same column.
        #expect(errors.contains("Specs/Mine.ops:4:19: error:"), "\(errors)")
        #expect(errors.components(separatedBy: "Specs/Mine.ops:4:").count - 1 == 1, "\(errors)")
        // `count + value` on an Int and a Value, in the block's line 13, at the column of the
        // expression in the spec.
        #expect(errors.contains("Specs/Mine.ops:13:"), "\(errors)")
        #expect(!errors.contains("Operators.swift:"), "\(errors)")
    }

    /// The compiler's errors for the library generated from `spec`, a spec file of a package.
    static func errors(ofLibraryFrom spec: String) throws -> String {
        let modules = try #require(Self.modules, "the Rill module is not built")
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(spec, to: "Specs/Mine.ops")
        let library = package.url.appendingPathComponent("Generated/Operators.swift")
        let generate = Process()
        generate.executableURL = CLITests.executable
        generate.arguments = [
            "generate", "--specs", package.url.appendingPathComponent("Specs").path, "--catalogue",
            Self.rillSpecs.path, "--library", library.path, "--import", "Rill", "--root", package.url.path,
        ]
        try generate.run()
        generate.waitUntilExit()
        try #require(generate.terminationStatus == 0)
        let result = try Self.typecheck(library, modules: modules)
        #expect(result.status != 0)
        return result.errors
    }

    @Test(
        "A type error in a bind block is at its spec column: in a step the generator rewrites, and after a use of state"
    )
    func typeErrorsInBindBlocks() throws {
        let errors = try Self.errors(
            ofLibraryFrom: """
                operator every
                    signature: func every(_ step: Int) -> Signal<Int, Failure> where Value == Int
                    doc: Sends every `step`-th value.
                    state: var position = 0
                    derive: bind { value in
                            position += 1
                            return position % step == 0 ? just(value + "x") : empty
                        }
                    example(Int): "-1-2-|" => every(2) => "---2-|"

                operator some
                    signature: func some() -> Signal<Int, Failure> where Value == Int
                    doc: Sends a few values.
                    state: var position = 0
                        var seen: [Int] = []
                    derive: bind { value in
                            seen.append(value); position += "x"
                            if seen.count > 2 { return last(just(value)) }
                            return seen.count > position ? just(value) : stop
                        }
                    example(Int): "-1-2-|" => some() => "-1-2-|"

                operator late
                    signature: func late() -> Signal<Int, Failure> where Value == Int
                    doc: Sends the values after the first.
                    state: var position = 0
                    derive: bind { value in position += 1; return position > 1 ? just(value) : error(value) }
                    example(Int): "-1-2-|" => late() => "---2-|"

                """)
        let lines = errors.split(separator: "\n").filter { $0.contains(": error: ") }
        // The String added to `value`, inside `just(…)`, which becomes a call on the downstream.
        #expect(lines.filter { $0.hasPrefix("Specs/Mine.ops:7:56: error: ") }.count == 1, "\(errors)")
        // The String added to `position`, after `seen`, another use of state, on the line.
        #expect(lines.filter { $0.hasPrefix("Specs/Mine.ops:17:45: error: ") }.count == 1, "\(errors)")
        // `error(value)` on a line with state, a conditional and a return: `value` is no Failure.
        #expect(lines.filter { $0.hasPrefix("Specs/Mine.ops:27:86: error: ") }.count == 1, "\(errors)")
        #expect(lines.count == 3, "\(errors)")
    }

    @Test(
        "A type error in a block shipped as a call to bind or flattenMap, which answers signal(…), is at its spec line and column"
    )
    func typeErrorsInBlocksShippedAsCalls() throws {
        let errors = try Self.errors(
            ofLibraryFrom: """
                operator echo
                    signature: func echo(_ times: Int) -> Signal<Int, Failure> where Value == Int
                    doc: Sends each value again, `times` times in all.
                    state: var count = 0
                    derive: bind { value in
                            count += 1
                            if count > times { return stop }
                            return count > 1 ? signal(Signal<Int, Failure>.just(value)) : just(value + "x")
                        }
                    example(Int): "-1-2-|" => echo(1) => "-1-2-|"

                operator twice
                    signature: func twice() -> Signal<Int, Failure> where Value == Int
                    doc: Sends each value doubled.
                    derive: flattenMap { value in
                            let doubled = value * 2
                            return signal(Signal<Int, Failure>.just(doubled + "x"))
                        }
                    example(Int): "-1-2-|" => twice() => "-2-4-|"

                """)
        let lines = errors.split(separator: "\n").filter { $0.contains(": error: ") }
        // The String added to `value` in the `just(…)` after a `signal(…)` on the block's last line.
        #expect(lines.filter { $0.hasPrefix("Specs/Mine.ops:8:88: error: ") }.count == 1, "\(errors)")
        // The String added to `doubled`, inside the signal a flattenMap block answers.
        #expect(lines.filter { $0.hasPrefix("Specs/Mine.ops:17:63: error: ") }.count == 1, "\(errors)")
        #expect(lines.count == 2, "\(errors)")
    }
}
