import Foundation
import Testing

@testable import RillSpec

/// A fresh folder under the system's temporary directory; `remove()` deletes it.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "RillSpecTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The modification date of the file at `url`.
func modificationDate(_ url: URL) throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
}

/// Backdates the file at `url`, so that a rewrite shows as a new date without waiting.
func backdate(_ url: URL) throws -> Date {
    let old = Date(timeIntervalSinceReferenceDate: 0)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    return old
}

/// Stage 1 and the writing of output: SpecReader, Pipeline and OutputWriter, on real folders.
@Suite("OutputWriter, SpecReader and Pipeline")
struct OutputTests {
    @Test("OutputWriter writes a new file, creating its folder, and says so")
    func writesNewFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("Generated/Operators.swift")
        #expect(try OutputWriter.write("let a = 1\n", to: url))
        #expect(try String(contentsOf: url, encoding: .utf8) == "let a = 1\n")
    }

    @Test("OutputWriter does not rewrite a file whose content is unchanged: its modification date stays")
    func keepsUnchangedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("Operators.swift")
        try OutputWriter.write("let a = 1\n", to: url)
        let old = try backdate(url)
        #expect(try OutputWriter.write("let a = 1\n", to: url) == false)
        #expect(try modificationDate(url) == old)
    }

    @Test("OutputWriter rewrites a file whose content changed")
    func rewritesChangedFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("Operators.swift")
        try OutputWriter.write("let a = 1\n", to: url)
        let old = try backdate(url)
        #expect(try OutputWriter.write("let a = 2\n", to: url))
        #expect(try String(contentsOf: url, encoding: .utf8) == "let a = 2\n")
        #expect(try modificationDate(url) != old)
    }

    @Test("SpecReader reads only the *.ops files of a folder, sorted by name, with their paths and contents")
    func readsOpsFilesSorted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["b.ops", "a.ops", "C.ops", "notes.txt", "README.md", "a.ops.orig"] {
            try directory.write("# \(name)\n", to: name)
        }
        let files = try SpecReader.read(directory: directory.url)
        #expect(files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["C.ops", "a.ops", "b.ops"])
        #expect(
            files.map(\.path)
                == ["C.ops", "a.ops", "b.ops"].map { directory.url.appendingPathComponent($0).path })
        #expect(files.map(\.contents) == ["# C.ops\n", "# a.ops\n", "# b.ops\n"])
    }

    @Test("SpecReader reports a spec file that is not UTF-8 at its line 1")
    func rejectsNonUTF8() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("Bad.ops")
        try Data([0x6F, 0x70, 0xFF, 0xFE, 0x0A]).write(to: url)
        do {
            let files = try SpecReader.read(directory: directory.url)
            Issue.record("expected an error, read \(files)")
        } catch let error as SpecErrors {
            #expect(error.diagnostics.map(\.location) == [at(1, 1, file: url.path)])
            #expect(error.diagnostics.first?.message == "the file is not UTF-8 text")
        }
    }

    @Test("Pipeline.catalogue reads, parses and checks every spec of a folder, in file order")
    func catalogueOfAFolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(primitives.contents, to: "Primitives.ops")
        try directory.write(flattenMapEntry + mapEntry, to: "Transforming.ops")
        let specs = try Pipeline.catalogue(at: directory.url)
        #expect(
            specs.map(\.name) == [
                "just", "empty", "bind", "concat", "defer", "takeLast", "flattenMap", "map",
            ])
        let path = directory.url.appendingPathComponent("Transforming.ops").path
        #expect(
            specs.last?.location
                == at(lineNumber(of: "operator map", in: flattenMapEntry + mapEntry), 1, file: path))
        #expect(call(derivation(of: specs.last))?.resolution?.key == "flattenMap(_:)")
    }

    @Test("Pipeline.catalogue throws every problem of the folder, located in its files")
    func catalogueErrors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(primitives.contents, to: "Primitives.ops")
        let text =
            flattenMapEntry
            + entry("twice", "func twice() -> Signal<Value, Failure>", derive: "self.mapp { $0 }")
        try directory.write(text, to: "Test.ops")
        let path = directory.url.appendingPathComponent("Test.ops").path
        do {
            let specs = try Pipeline.catalogue(at: directory.url)
            Issue.record("expected an error, got \(specs.map(\.name))")
        } catch let error as SpecErrors {
            let line = lineNumber(of: "operator twice", in: text) + 3
            #expect(
                error.description
                    == "\(path):\(line):18: error: unknown operator 'mapp'\n\(path):\(line):18: note: define it in a spec file, or declare it as a primitive"
            )
        }
    }

    @Test("Entries of an external catalogue are usable by name but not part of the result")
    func externalCatalogue() throws {
        let external = try TemporaryDirectory()
        let own = try TemporaryDirectory()
        defer {
            external.remove()
            own.remove()
        }
        try external.write(primitives.contents, to: "Primitives.ops")
        try own.write(flattenMapEntry + mapEntry, to: "Transforming.ops")
        let specs = try Pipeline.catalogue(at: [own.url], external: [external.url])
        #expect(specs.map(\.name) == ["flattenMap", "map"])
        #expect(specs.allSatisfy { !$0.isExternal })
        #expect(
            call(derivation(of: specs.first))?.resolution
                == .init(key: "bind(_:)", isPrimitive: true, isStatic: false, isProperty: false))
        // Without the external catalogue, bind is unknown.
        #expect(throws: SpecErrors.self) { try Pipeline.catalogue(at: [own.url]) }
    }
}
