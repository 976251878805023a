import Foundation
import Testing

/// Every public member of the types a pipeline is made of is `@inlinable`, so that the code a
/// signal runs for each value is specialized in the module that builds it. A member that is not
/// builds its producers and observers in code generic over the value type, and every value then
/// goes through that code, with a lookup of generic type metadata at each step: measured in an
/// optimized build, `toArray()` took 272 ns a value where it takes 7, `bind(to:nilValue:)` 1,217
/// where it takes 104, `subscribe(on:)` 90 where it takes 19, `timeout` 122 where it takes 50.
///
/// The check reads the sources: a declaration is public and lies in an extension or a declaration
/// of one of these types, and the attributes above it include `@inlinable`.
@Suite("Specializable public API")
struct SpecializableAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The types whose members build or run the per-value code of a pipeline.
    static let pipelineTypes: Set<String> = [
        "Signal", "PropertyProtocol", "Property", "MutableProperty", "SubjectProtocol", "Subject",
        "BehaviorSubject", "ReplaySubject", "MulticastConnection", "MainActorSignal",
    ]

    /// Files left out, with the reason.
    static let exemptFiles: [String: String] = [
        // Each value crosses into Swift concurrency, where a continuation's resumption and a task
        // switch, not the generic code around them, are the cost.
        "Async/AsyncSignals.swift": "bridges to async functions and sequences",
        "Async/SignalValues.swift": "an async sequence of a signal's values",
        "Async/AsyncWaiting.swift": "awaits one event",
        "Core/SignalName.swift": "a signal's name, rendered when asked for",
    ]

    /// Members left out, with the reason.
    static let exemptMembers: [String: String] = [
        "func didSubscribe(with subscription: CompositeDisposable)":
            "called once per subscription that feeds a subject, on no value's path"
    ]

    struct Declaration: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "Sources/Rill/\(file):\(line): \(text)" }
    }

    /// The public members of the pipeline types that are not `@inlinable`, in the Swift files
    /// under `sources`.
    static func unspecializableMembers(
        in sources: URL = root.appendingPathComponent("Sources/Rill")
    ) throws -> [Declaration] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
        let typeDeclaration =
            #/^(?:@\w+\s+)*(?:public |package |internal |fileprivate |private )?(?:final )?(?:extension|class|struct|enum|actor|protocol) (\w+)/#
        let publicMember =
            #/^\s+(?:@\w+(?:\([^)]*\))?\s+)*public (?:static |convenience |mutating |nonisolated )*(?:func|init|var|subscript)\b/#
        var found: [Declaration] = []
        for file in files where exemptFiles[file] == nil {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            var type: Substring?
            for (index, line) in lines.enumerated() {
                if let match = line.prefixMatch(of: typeDeclaration) { type = match.output.1 }
                guard let type, pipelineTypes.contains(String(type)),
                    line.prefixMatch(of: publicMember) != nil
                else { continue }
                let member = line.trimmingCharacters(in: .whitespaces)
                if exemptMembers.keys.contains(where: { member.contains($0) }) { continue }
                // A stored property cannot be `@inlinable`; a computed one opens its body on its line.
                if member.contains(" var "), !member.contains("{") { continue }
                var attributes = [Substring]()
                var above = index - 1
                while above >= 0 {
                    let text = lines[above].drop { $0 == " " }
                    guard text.hasPrefix("@") || text.hasPrefix("//") else { break }
                    attributes.append(text)
                    above -= 1
                }
                if !attributes.contains(where: { $0.hasPrefix("@inlinable") }) && !line.contains("@inlinable")
                {
                    found.append(Declaration(file: file, line: index + 1, text: member))
                }
            }
        }
        return found
    }

    @Test("every public member of the pipeline types is @inlinable")
    func pipelineMembersAreInlinable() throws {
        let members = try Self.unspecializableMembers()
        #expect(
            members.isEmpty,
            "not @inlinable, so every value runs unspecialized generic code:\n\(members.map(\.description).joined(separator: "\n"))"
        )
    }

    @Test("the check finds a member that is not @inlinable, and only those")
    func checkFindsAMissingAttribute() throws {
        let original = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/Rill/Operators/Timeout.swift"),
            encoding: .utf8)
        let stripped = original.replacingOccurrences(
            of: "    @inlinable\n    public func timeout", with: "    public func timeout")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "SpecializableAPITests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("Timeout.swift")

        try original.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.unspecializableMembers(in: directory).isEmpty)

        try stripped.write(to: file, atomically: true, encoding: .utf8)
        let found = try Self.unspecializableMembers(in: directory)
        #expect(found.count == 4, "\(found)")
        #expect(found.allSatisfy { $0.text.hasPrefix("public func timeout") })
    }
}
