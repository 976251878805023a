import Foundation

/// Stage 1, read: finds the spec files of a folder and loads their text.
public enum SpecReader {
    /// One spec file's path, as diagnostics print it, and its contents.
    public struct File: Hashable, Sendable {
        public var path: String
        public var contents: String

        public init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    /// The file extension of spec files.
    public static let fileExtension = "ops"

    /// Reads every `*.ops` file directly in `directory`, sorted by name so that output does not
    /// depend on the order the file system lists them in.
    public static func read(directory: URL) throws -> [File] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".\(fileExtension)") }
            .sorted()
        return try names.map { name in
            let url = directory.appendingPathComponent(name)
            let data = try Data(contentsOf: url)
            guard let contents = String(data: data, encoding: .utf8) else {
                throw SpecErrors([
                    Diagnostic(
                        SourceLocation(file: url.path, line: 1, column: 1), "the file is not UTF-8 text",
                        hint: "save the spec file as UTF-8")
                ])
            }
            return File(path: url.path, contents: contents)
        }
    }
}
