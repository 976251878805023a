import Foundation
import Testing

@testable import RillSpec

/// Accepting a spec promises that its generated code compiles, or that what only Swift's type
/// checker can find is reported at the spec: a sample of accepted mutants of Rill's own specs is
/// compiled with Rill's sources, and every error must point into `Specs/`, none into generated
/// code.
@Suite("Accepted mutants of the specs compile")
struct MutantCompilationTests {
    static var package: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Seeded mutants of the real specs that the generator accepts and whose shipped code differs
    /// from the original's: the mutation reached code.
    static func acceptedMutants(count: Int, seed: UInt64) -> [(file: String, library: String)] {
        let files = RobustnessTests.realSpecs
        let paths = SpecPaths(root: package.path)
        guard let original = try? Checker.check(try SpecParser.parse(files)) else { return [] }
        let originalLibrary = LibraryEmitter.emit(original, paths: paths, importing: [])
        var state = seed
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let alphabet = Array("{}()[]<>\"\\|-=>?:;,.$ \nabcxyz01")
        var mutants: [(file: String, library: String)] = []
        for _ in 0..<4_000 where mutants.count < count {
            var mutated = files
            let index = random(files.count)
            var characters = Array(files[index].contents)
            // Mutate inside a derivation, a signature or state, where code comes from.
            let lines = characters.indices.filter { offset in
                let line = String(characters[offset...].prefix { $0 != "\n" })
                return line.hasPrefix("    derive:") || line.hasPrefix("    signature:")
                    || line.hasPrefix("    state:")
            }
            guard let start = lines.isEmpty ? nil : lines[random(lines.count)] else { continue }
            let at = min(characters.count - 1, start + 12 + random(40))
            switch random(3) {
            case 0: characters.remove(at: at)
            case 1: characters.insert(alphabet[random(alphabet.count)], at: at)
            default: characters.removeSubrange(at..<min(characters.count, at + 1 + random(6)))
            }
            mutated[index].contents = String(characters)
            guard let specs = try? Checker.check(try SpecParser.parse(mutated)) else { continue }
            let library = LibraryEmitter.emit(specs, paths: paths, importing: [])
            if library != originalLibrary { mutants.append((mutated[index].path, library)) }
        }
        return mutants
    }

    @Test("A sample of accepted mutants type-checks with Rill's sources, or fails only at spec lines")
    func acceptedMutantsCompile() throws {
        let mutants = Self.acceptedMutants(count: 4, seed: 0x5EED_C0DE)
        try #require(!mutants.isEmpty)
        let sources = try FileManager.default.subpathsOfDirectory(
            atPath: Self.package.appendingPathComponent("Sources/Rill").path
        )
        .filter { $0.hasSuffix(".swift") }.map {
            Self.package.appendingPathComponent("Sources/Rill/\($0)").path
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (number, mutant) in mutants.enumerated() {
            let library = directory.url.appendingPathComponent("Mutant\(number).swift")
            try mutant.library.write(to: library, atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                [
                    "swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Rill", "-package-name",
                    "Rill",
                    "-parse-as-library",
                    // Rill's own C module, which reads the stack pointer for its depth checks.
                    "-I", "Sources/RillStackPointer/include",
                ] + sources + [library.path]
            process.currentDirectoryURL = Self.package
            let standardError = Pipe()
            process.standardError = standardError
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let output = String(
                decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let errors = output.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(
                process.terminationStatus == 0 || !errors.isEmpty,
                "an accepted mutant of \(mutant.file) fails without an error:\n\(output.prefix(3_000))")
            let unlocated = errors.filter { !$0.hasPrefix("Specs/") || !$0.contains(".ops:") }
            #expect(
                unlocated.isEmpty,
                "an accepted mutant of \(mutant.file) fails in generated code:\n\(output.prefix(3_000))")
        }
    }
}
