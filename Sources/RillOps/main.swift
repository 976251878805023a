import Foundation
import RillSpec

/// rill-ops: generates Rill operators, their tests and their documentation from spec files.
let usage = """
    usage: rill-ops check    --specs DIR [--stamp FILE]
           rill-ops generate --specs DIR [--library FILE] [--peer-names FILE] [--tests FILE] [--import MODULE …]
                             [--tests-directory DIR --tests-prefix PREFIX [--plan NAME=FILES …]]
                             [--spec-errors-reported-by-check]
           rill-ops docs     --specs DIR --output DIR [--check]
           rill-ops fail     --file FILE [--line N [--column N]] --message TEXT
    common options: [--catalogue DIR …] [--root DIR]

      check      validates the specs and prints every problem as FILE:LINE:COL: error: …;
                 --stamp writes a comment-only Swift file for the build system
      generate   writes the shipped operators (--library) and their tests, in one file (--tests)
                 or split (--tests-directory): PREFIX+Support.swift, and for each spec file
                 NAME.ops of the plan PREFIX+NAME.swift (…_2.swift and on, FILES in all)
      --spec-errors-reported-by-check  fails without printing the specs' errors, which the build's
                 check command prints, so that each is printed once
      --peer-names  writes, for Rill's own library, other libraries' names of its operators
                 declared unavailable, renamed to Rill's (the compiler help for migrating code)
      docs       writes one Markdown page per spec file, an index, and an SVG picture of every
                 example in marbles/, and removes pages and pictures no spec generates any more;
                 --check only compares
      fail       prints TEXT on stderr as FILE:LINE:COL: error: TEXT and exits with 1: how the
                 plugin reports a package layout it cannot build, once, from a build command
      --catalogue  specs of another package (Rill's) whose operators the specs may use
      --root       the package folder that locations in generated files are relative to
    Generated files are written atomically, and only when they change. A failure writes nothing.
    """

struct Arguments {
    var command = ""
    var specs: [URL] = []
    var catalogues: [URL] = []
    var stamp: URL?
    var library: URL?
    var peerNames: URL?
    var tests: URL?
    var testsDirectory: URL?
    var testsPrefix = ""
    var plan: TestEmitter.Plan = [:]
    var output: URL?
    var imports: [String] = []
    var root: String?
    var check = false
    var specErrorsReportedByCheck = false
    var file: String?
    var line: Int?
    var column: Int?
    var message: String?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        guard let command = rest.popFirst() else { throw UsageError("missing command") }
        self.command = command
        func value(_ flag: String) throws -> String {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            return value
        }
        func number(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number > 0 else {
                throw UsageError("\(flag) takes a positive number, found '\(text)'")
            }
            return number
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--specs": specs.append(URL(fileURLWithPath: try value(flag), isDirectory: true))
            case "--catalogue": catalogues.append(URL(fileURLWithPath: try value(flag), isDirectory: true))
            case "--stamp": stamp = URL(fileURLWithPath: try value(flag))
            case "--library": library = URL(fileURLWithPath: try value(flag))
            case "--peer-names": peerNames = URL(fileURLWithPath: try value(flag))
            case "--tests": tests = URL(fileURLWithPath: try value(flag))
            case "--tests-directory":
                testsDirectory = URL(fileURLWithPath: try value(flag), isDirectory: true)
            case "--tests-prefix": testsPrefix = try value(flag)
            case "--plan":
                let entry = try value(flag)
                guard let equals = entry.lastIndex(of: "="),
                    let count = Int(entry[entry.index(after: equals)...]),
                    count > 0
                else { throw UsageError("--plan takes NAME=FILES, found '\(entry)'") }
                plan[String(entry[..<equals])] = count
            case "--output": output = URL(fileURLWithPath: try value(flag), isDirectory: true)
            case "--import": imports.append(try value(flag))
            case "--root": root = try value(flag)
            case "--check": check = true
            case "--spec-errors-reported-by-check": specErrorsReportedByCheck = true
            case "--file": file = try value(flag)
            case "--line": line = try number(flag)
            case "--column": column = try number(flag)
            case "--message": message = try value(flag)
            default: throw UsageError("unknown option '\(flag)'")
            }
        }
        if command == "fail" {
            if file == nil || message == nil { throw UsageError("fail needs --file and --message") }
        } else if specs.isEmpty {
            throw UsageError("--specs is required")
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func run() -> Int32 {
    let arguments: Arguments
    do {
        arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("rill-ops: \(error)\n\n\(usage)\n".utf8))
        return 2
    }
    if arguments.command == "fail", let file = arguments.file, let message = arguments.message {
        var location = file
        if let line = arguments.line {
            location += ":\(line)"
            if let column = arguments.column { location += ":\(column)" }
        }
        FileHandle.standardError.write(Data("\(location): error: \(message)\n".utf8))
        return 1
    }
    let root = arguments.root ?? arguments.specs[0].deletingLastPathComponent().path
    let paths = SpecPaths(root: root)
    do {
        let specs = try Pipeline.catalogue(at: arguments.specs, external: arguments.catalogues)
        switch arguments.command {
        case "check":
            if let stamp = arguments.stamp {
                try OutputWriter.write(
                    "// The operator specs are valid: \(specs.count) operators.\n", to: stamp)
            } else {
                print("rill-ops: \(specs.count) operators, no problems")
            }
        case "generate":
            guard
                arguments.library != nil || arguments.peerNames != nil || arguments.tests != nil
                    || arguments.testsDirectory != nil
            else {
                throw UsageError(
                    "generate needs --library, --peer-names, --tests, --tests-directory or several")
            }
            // Render everything before writing anything, so that a failure leaves no partial output.
            let libraryText = arguments.library.map { _ in
                LibraryEmitter.emit(specs, paths: paths, importing: arguments.imports)
            }
            let peerNamesText = arguments.peerNames.map { _ in PeerNameEmitter.emit(specs, paths: paths) }
            let testsText = arguments.tests.map { _ in
                TestEmitter.emit(
                    specs, paths: paths, importing: arguments.imports.isEmpty ? ["Rill"] : arguments.imports)
            }
            let testImports = arguments.imports.isEmpty ? ["Rill"] : arguments.imports
            let testFiles = arguments.testsDirectory.map { _ in
                TestEmitter.emitFiles(specs, paths: paths, importing: testImports, plan: arguments.plan)
            }
            if let directory = arguments.testsDirectory, let testFiles {
                for (name, text) in testFiles.sorted(by: { $0.key < $1.key }) {
                    try OutputWriter.write(
                        text, to: directory.appendingPathComponent("\(arguments.testsPrefix)\(name).swift"))
                }
            }
            if let library = arguments.library, let libraryText {
                try OutputWriter.write(libraryText, to: library)
            }
            if let peerNames = arguments.peerNames, let peerNamesText {
                try OutputWriter.write(peerNamesText, to: peerNames)
            }
            if let tests = arguments.tests, let testsText { try OutputWriter.write(testsText, to: tests) }
        case "docs":
            guard let output = arguments.output else { throw UsageError("docs needs --output") }
            let pages = DocsEmitter.emit(specs, paths: paths)
            let strays = DocsEmitter.strayFiles(in: output, keeping: Set(pages.keys))
            if arguments.check {
                let stale = pages.filter { name, text in
                    (try? Data(contentsOf: output.appendingPathComponent(name))) != Data(text.utf8)
                }.map(\.key).sorted()
                if !stale.isEmpty || !strays.isEmpty {
                    var message = ""
                    if !stale.isEmpty {
                        message +=
                            "rill-ops: stale documentation in \(output.path): \(stale.joined(separator: ", "))\n"
                    }
                    if !strays.isEmpty {
                        message +=
                            "rill-ops: documentation in \(output.path) that no spec generates: \(strays.joined(separator: ", "))\n"
                    }
                    message += "run: swift run rill-ops docs --specs Specs --output docs/operators\n"
                    FileHandle.standardError.write(Data(message.utf8))
                    return 1
                }
            } else {
                for (name, text) in pages.sorted(by: { $0.key < $1.key }) {
                    try OutputWriter.write(text, to: output.appendingPathComponent(name))
                }
                for stray in strays {
                    try FileManager.default.removeItem(at: output.appendingPathComponent(stray))
                }
            }
        default:
            throw UsageError("unknown command '\(arguments.command)'")
        }
        return 0
    } catch let errors as SpecErrors {
        if !arguments.specErrorsReportedByCheck {
            FileHandle.standardError.write(Data((errors.description + "\n").utf8))
        }
        return 1
    } catch let error as UsageError {
        FileHandle.standardError.write(Data("rill-ops: \(error)\n\n\(usage)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("rill-ops: error: \(error)\n".utf8))
        return 1
    }
}

exit(run())
