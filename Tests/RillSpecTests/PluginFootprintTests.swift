import Foundation
import Testing

/// What the build-tool plugin may do, as `docs/Plugins.md` and the Xcode article promise a
/// reviewer: read the specs, run `rill-ops`, and write only into its own work directory. These
/// checks read the plugin's source and the manifest, so a change that widens that footprint
/// fails here and has to change the promise with it.
@Suite("The plugin's footprint")
struct PluginFootprintTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func pluginSources() throws -> [(name: String, text: String)] {
        let directory = root.appendingPathComponent("Plugins/RillOperatorPlugin")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".swift")
        }
        .sorted().map { name in
            (name, try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    @Test(
        "the manifest declares a build-tool plugin that asks for no permission and depends on rill-ops only")
    func manifest() throws {
        let manifest = try String(
            contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(
            manifest.split(separator: "\n").first {
                $0.contains(".plugin(name: \"RillOperatorPlugin\", capability:")
            })
        #expect(declaration.contains("capability: .buildTool()"))
        #expect(declaration.contains("dependencies: [.target(name: \"rill-ops\")]"))
        #expect(!manifest.contains("permissions:"), "a plugin permission (network, writes) was requested")
        #expect(!manifest.contains(".command("), "a command plugin was added")
    }

    @Test("the plugin runs rill-ops and nothing else, in build commands, never before the build")
    func tools() throws {
        let sources = try Self.pluginSources()
        #expect(!sources.isEmpty)
        let all = sources.map(\.text).joined(separator: "\n")
        let toolNames = all.components(separatedBy: "context.tool(named: ").dropFirst().map {
            $0.prefix(while: { $0 != ")" })
        }
        #expect(toolNames == ["\"rill-ops\""])
        #expect(all.contains(".buildCommand("))
        #expect(
            !all.contains(".prebuildCommand("), "a prebuild command runs on every build, whatever changed")
        for forbidden in [
            "Process(", "URLSession", "FileHandle(forWriting", ".write(to:", "createFile(", "removeItem(",
            "moveItem(",
        ] {
            #expect(!all.contains(forbidden), "the plugin itself calls \(forbidden)")
        }
    }

    @Test("the plugin itself reads the spec files, and the manifest only for a layout error")
    func reads() throws {
        let all = try Self.pluginSources().map(\.text).joined(separator: "\n")
        let read = all.components(separatedBy: "String(contentsOf: ").dropFirst().map {
            String($0.prefix(while: { $0 != "," }))
        }
        // The manifest, by ManifestDeclarations, once, in the layout error's report: the line of
        // the target to fix, the target that reports the error, and the specs target's missing
        // file.
        #expect(read.sorted() == ["file", "manifest"], "\(read)")
        #expect(all.components(separatedBy: "ManifestDeclarations(manifest: manifest)").count == 2)
        #expect(
            all.contains("let manifest = context.package.directoryURL.appending(path: \"Package.swift\")"))
        #expect(all.contains("let specFiles = try FileManager.default.contentsOfDirectory(atPath: specs."))
    }

    @Test("every file the build commands write is in the plugin's work directory")
    func outputs() throws {
        let all = try Self.pluginSources().map(\.text).joined(separator: "\n")
        // Each output, and the directory of the generated tests, is made from the work directory.
        let outputLines = all.split(separator: "\n").filter { line in
            line.contains("let output =") || line.contains("let directory =")
                || line.contains("let peerNames =")
        }
        #expect(outputLines.count >= 3)
        for line in outputLines {
            #expect(line.contains("context.pluginWorkDirectoryURL"), "\(line)")
        }
        // The modes rill-ops is run in: checking and generating; never `docs`, which writes into
        // the package. (Literals, not the pieces between quotes: a regular expression's quotes
        // would shift those.)
        #expect(all.contains("\"check\""))
        #expect(all.contains("\"generate\""))
        #expect(!all.contains("\"docs\""))
    }
}
