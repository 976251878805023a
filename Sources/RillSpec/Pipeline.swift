import Foundation

/// The generator as one straight pipeline: read, parse, check, lower and emit.
public enum Pipeline {
    /// Reads, parses and checks every spec in `directory`.
    public static func catalogue(at directory: URL) throws -> [OperatorSpec] {
        let files = try SpecReader.read(directory: directory)
        return try Checker.check(try SpecParser.parse(files))
    }

    /// Reads, parses and checks the specs of `directories`, in order, as one catalogue, with
    /// the entries of `external` usable by name but not emitted.
    public static func catalogue(at directories: [URL], external: [URL] = []) throws -> [OperatorSpec] {
        let externalFiles = try external.flatMap { try SpecReader.read(directory: $0) }
        let files = try directories.flatMap { try SpecReader.read(directory: $0) }
        var externalSpecs = try SpecParser.parse(externalFiles)
        for index in externalSpecs.indices { externalSpecs[index].isExternal = true }
        let checked = try Checker.check(externalSpecs + (try SpecParser.parse(files)))
        return checked.filter { !$0.isExternal }
    }
}

/// Writes generated files atomically, and only when their content changed, so that an
/// unchanged spec does not make SwiftPM recompile anything.
public enum OutputWriter {
    /// - Returns: Whether the file was written.
    @discardableResult
    public static func write(_ text: String, to url: URL) throws -> Bool {
        let data = Data(text.utf8)
        if let existing = try? Data(contentsOf: url), existing == data { return false }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return true
    }
}
