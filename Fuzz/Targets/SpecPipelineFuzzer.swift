import Foundation
import RillSpec

/// libFuzzer target over the whole generator: read (bytes as UTF-8 text), parse, check, lower
/// and emit. Any input must give either a catalogue that every emitter turns into text, or
/// diagnostics that are all located; a trap, an overflow or an unlocated error is a finding.
///
/// Rill's own catalogue (the folder in `RILL_FUZZ_CATALOGUE`) is usable by name, as in a user
/// package, so that mutants of real entries reach the emitters.
/// Only its primitives, to keep each run short.
let catalogue: [OperatorSpec] = {
    guard let path = ProcessInfo.processInfo.environment["RILL_FUZZ_CATALOGUE"],
        let files = try? SpecReader.read(directory: URL(fileURLWithPath: path, isDirectory: true)),
        var specs = try? SpecParser.parse(files.filter { $0.path.hasSuffix("/Primitives.ops") })
    else { return [] }
    for index in specs.indices { specs[index].isExternal = true }
    return specs
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecPipeline(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
    let file = SpecReader.File(path: "Specs/Fuzzed.ops", contents: text)
    do {
        let specs = try Checker.check(catalogue + (try SpecParser.parse([file]))).filter { !$0.isExternal }
        let paths = SpecPaths(root: "")
        _ = LibraryEmitter.emit(specs, paths: paths, importing: ["Rill"])
        _ = TestEmitter.emit(specs, paths: paths, importing: ["Rill"])
        _ = TestEmitter.emitFiles(specs, paths: paths, importing: ["Rill"], plan: ["Fuzzed": 2])
        _ = DocsEmitter.emit(specs, paths: paths)
        _ = PeerNameEmitter.emit(specs, paths: paths)
    } catch {
        for diagnostic in error.diagnostics {
            precondition(
                diagnostic.location.line >= 1 && diagnostic.location.column >= 1
                    && !diagnostic.message.isEmpty,
                "an unlocated diagnostic: \(diagnostic)")
        }
    }
    return 0
}
