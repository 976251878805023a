import Foundation
import Testing

@testable import RillSpec

/// The `rill-ops` executable, end to end, run as a process on temporary spec folders.
///
/// The executable is a product of the package; SwiftPM builds it next to the test bundle
/// (`.build/<triple>/debug/rill-ops`, for any scratch path), since the plugin needs it.
@Suite("rill-ops command line")
struct CLITests {
    static var executable: URL? {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("rill-ops"))
        }
        candidates.append(
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "rill-ops"))
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/rill-ops"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        let executable: URL = try #require(
            Self.executable, "rill-ops not found: run 'swift build --product rill-ops'")
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    static let valid = primitives.contents + flattenMapEntry + mapEntry

    @Test("A broken spec: exit code 1, each error located on stderr, and no output file written")
    func brokenSpec() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        let broken =
            Self.valid + entry("twice", "func twice() -> Signal<Value, Failure>", primitive: "P")
            + "    exmaple: x\n"
        let line = lineNumber(of: "    exmaple: x", in: broken)
        try package.write(broken, to: "Specs/Test.ops")
        let specs = package.url.appendingPathComponent("Specs").path
        let library = package.url.appendingPathComponent("Generated/Operators.swift")
        let tests = package.url.appendingPathComponent("Generated/Tests.swift")

        let result = try run(["generate", "--specs", specs, "--library", library.path, "--tests", tests.path])
        #expect(result.status == 1)
        #expect(result.errors.contains("Test.ops:\(line):5: error: unknown field 'exmaple'\n"))
        #expect(result.errors.contains("Test.ops:\(line):5: note: did you mean 'example:'?"))
        #expect(!FileManager.default.fileExists(atPath: library.path))
        #expect(!FileManager.default.fileExists(atPath: tests.path))

        let stamp = package.url.appendingPathComponent("Generated/Stamp.swift")
        #expect(try run(["check", "--specs", specs, "--stamp", stamp.path]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: stamp.path))
    }

    @Test("A checker error is reported the same way, with the file:line:col of the call")
    func checkerError() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        let text =
            Self.valid + entry("twice", "func twice() -> Signal<Value, Failure>", derive: "self.mapp { $0 }")
        try package.write(text, to: "Specs/Test.ops")
        let result = try run(["check", "--specs", package.url.appendingPathComponent("Specs").path])
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "Test.ops:\(lineNumber(of: "operator twice", in: text) + 3):18: error: unknown operator 'mapp'"
            ))
        #expect(result.output.isEmpty)
    }

    @Test(
        "Valid specs: check counts them; generate writes library and tests with locations relative to the root, once"
    )
    func validSpecs() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(Self.valid, to: "Specs/Test.ops")
        let specs = package.url.appendingPathComponent("Specs").path

        let check = try run(["check", "--specs", specs])
        #expect(check.status == 0)
        #expect(check.output == "rill-ops: 8 operators, no problems\n")

        let library = package.url.appendingPathComponent("Generated/Operators.swift")
        let tests = package.url.appendingPathComponent("Generated/Tests.swift")
        let arguments = [
            "generate", "--specs", specs, "--library", library.path, "--tests", tests.path, "--root",
            package.url.path,
        ]
        #expect(try run(arguments).status == 0)
        let libraryText = try String(contentsOf: library, encoding: .utf8)
        #expect(
            libraryText.contains(
                "// map(_:): Specs/Test.ops:\(lineNumber(of: "operator map", in: Self.valid))\n"))
        #expect(
            libraryText.contains(
                "Signal<Output, Failure>(name: .derived(from: self, \"-map:\"), lifting: self)"))
        #expect(try String(contentsOf: tests, encoding: .utf8).contains("struct Spec_map {"))

        // A second run with unchanged specs does not touch the files.
        let old = try backdate(library)
        #expect(try run(arguments).status == 0)
        #expect(try modificationDate(library) == old)
    }

    @Test("generate --peer-names writes the unavailable declarations of the counterparts' names, once")
    func peerNames() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        let spec = Self.valid.replacingOccurrences(
            of: "operator map\n", with: "operator map\n    rxswift: select(_:) -- as LINQ names it\n")
        try package.write(spec, to: "Specs/Test.ops")
        let output = package.url.appendingPathComponent("Generated/PeerNames.swift")
        let arguments = [
            "generate", "--specs", package.url.appendingPathComponent("Specs").path, "--peer-names",
            output.path,
        ]
        #expect(try run(arguments).status == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(
            text.contains(#"@available(*, unavailable, renamed: "map(_:)", message: "as LINQ names it")"#))
        #expect(
            text.contains(
                "public func select<Output: Sendable>(_ _rill0: @escaping @Sendable (Value) -> Output) -> Never {"
            ))
        let old = try backdate(output)
        #expect(try run(arguments).status == 0)
        #expect(try modificationDate(output) == old)
    }

    @Test("Split tests: a file per spec file of the plan, shards of a split one, every planned file written")
    func splitTests() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(flattenMapEntry + mapEntry, to: "Specs/Test.ops")
        try package.write(primitives.contents, to: "Specs/Unplanned.ops")
        try package.write(
            flattenMapEntry.replacingOccurrences(of: "flattenMap", with: "other"), to: "Specs/Extra.ops")
        let output = package.url.appendingPathComponent("Generated")
        let result = try run([
            "generate", "--specs", package.url.appendingPathComponent("Specs").path, "--tests-directory",
            output.path, "--tests-prefix", "T+", "--plan", "Test=2", "--plan", "Gone=1", "--plan", "Extra=1",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            names == ["T+Extra.swift", "T+Gone.swift", "T+Support.swift", "T+Test.swift", "T+Test_2.swift"])
        func text(_ name: String) throws -> String {
            try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
        }
        #expect(try text("T+Support.swift").contains("extension SeededRandom"))
        // The unplanned file's entries are not lost: they go with the shared support.
        #expect(try text("T+Support.swift").contains("struct Spec_just {"))
        #expect(try !text("T+Gone.swift").contains("struct"))
        #expect(try text("T+Gone.swift").contains("import Testing"))
        let shards = try text("T+Test.swift") + text("T+Test_2.swift")
        #expect(shards.contains("struct Spec_map {"))
        #expect(shards.contains("struct Spec_flattenMap {"))
        #expect(
            try text("T+Test.swift").contains("struct Spec_")
                && text("T+Test_2.swift").contains("struct Spec_"))
        #expect(try text("T+Extra.swift").contains("func referenceOther"))
    }

    @Test(
        "docs writes the pages and pictures; docs --check passes on them and fails, with exit code 1, once one is stale or stray"
    )
    func docs() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(Self.valid, to: "Specs/Test.ops")
        let specs = package.url.appendingPathComponent("Specs").path
        let output = package.url.appendingPathComponent("docs")
        #expect(try run(["docs", "--specs", specs, "--output", output.path]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(
            names == [
                "MigratingFromCombine.md", "MigratingFromReactiveCocoa.md", "MigratingFromReactiveSwift.md",
                "MigratingFromRxSwift.md", "Migration.md", "README.md", "Test.md", "marbles",
            ])
        let pictures = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("marbles").path)
        #expect(!pictures.isEmpty && pictures.allSatisfy { $0.hasPrefix("Test-") && $0.hasSuffix(".svg") })
        #expect(try run(["docs", "--specs", specs, "--output", output.path, "--check"]).status == 0)

        try package.write("# Stale\n", to: "docs/Test.md")
        let stale = try run(["docs", "--specs", specs, "--output", output.path, "--check"])
        #expect(stale.status == 1)
        #expect(stale.errors.contains("stale documentation"))
        #expect(stale.errors.contains("Test.md"))

        // Pages and pictures no spec generates any more are stale too, and docs removes them.
        try package.write("<svg/>\n", to: "docs/marbles/Test-gone_-1.svg")
        try package.write("# Gone\n", to: "docs/Gone.md")
        try package.write("kept\n", to: "docs/notes.txt")
        let stray = try run(["docs", "--specs", specs, "--output", output.path, "--check"])
        #expect(stray.status == 1)
        #expect(stray.errors.contains("that no spec generates: Gone.md, marbles/Test-gone_-1.svg"))

        #expect(try run(["docs", "--specs", specs, "--output", output.path]).status == 0)
        #expect(
            !FileManager.default.fileExists(
                atPath: output.appendingPathComponent("marbles/Test-gone_-1.svg").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Gone.md").path))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
        #expect(try run(["docs", "--specs", specs, "--output", output.path, "--check"]).status == 0)
    }

    @Test("fail prints its message on stderr at the location it is given, and exits with 1")
    func fail() throws {
        let located = try run([
            "fail", "--file", "/p/Package.swift", "--line", "11", "--column", "13", "--message",
            "RillOperatorPlugin: m",
        ])
        #expect(located.status == 1)
        #expect(located.errors == "/p/Package.swift:11:13: error: RillOperatorPlugin: m\n")
        #expect(located.output.isEmpty)
        let unlocated = try run(["fail", "--file", "/p/Package.swift", "--message", "m"])
        #expect(unlocated.status == 1)
        #expect(unlocated.errors == "/p/Package.swift: error: m\n")
        #expect(try run(["fail", "--file", "/p/Package.swift"]).status == 2)
        #expect(try run(["fail", "--file", "/p/Package.swift", "--line", "0", "--message", "m"]).status == 2)
    }

    @Test("Usage errors exit with code 2 and print the usage")
    func usageErrors() throws {
        let none = try run([])
        #expect(none.status == 2)
        #expect(none.errors.contains("rill-ops: missing command"))
        #expect(none.errors.contains("usage: rill-ops check"))

        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(Self.valid, to: "Specs/Test.ops")
        let unknown = try run(["frobnicate", "--specs", package.url.appendingPathComponent("Specs").path])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("rill-ops: unknown command 'frobnicate'"))
        #expect(try run(["check"]).status == 2)
    }
}
