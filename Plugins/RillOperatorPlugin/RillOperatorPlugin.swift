import Foundation
import PackagePlugin

/// Generates operators from the package's `Specs/*.ops` during the build.
///
/// Applied to a library target, it writes the shipped operators; to a test target, their
/// reference implementations and tests; to the target whose directory is `Specs/` itself, it
/// only checks the specs. That last use is what makes SwiftPM notice new, deleted and renamed
/// spec files: files of a target's own directory are part of the build plan.
///
/// A package other than Rill gets Rill's catalogue too, so its derivations can use Rill's
/// operators.
@main
struct RillOperatorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        do {
            return try commands(context: context, target: target)
        } catch let error as LayoutError {
            // Reported at the manifest's line that declares the target to fix, naming the package
            // and target; the error diagnostic fails the build. SwiftPM asks for a target's
            // commands twice in a build, and prints the error each time.
            let manifest = context.package.directoryURL.appending(path: "Package.swift")
            let line = Self.line(declaringTarget: error.targetToFix, inManifest: manifest)
            Diagnostics.error(
                error.description(atLine: line), file: manifest.path(percentEncoded: false), line: line)
            return []
        } catch {
            Diagnostics.error("RillOperatorPlugin: \(error)")
            throw error
        }
    }

    func commands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let package = context.package.directoryURL
        let specs = package.appending(path: "Specs")
        guard FileManager.default.fileExists(atPath: specs.path(percentEncoded: false)) else {
            throw LayoutError.missingSpecsFolder(package: context.package.displayName, target: target.name)
        }
        // `Target.directoryURL` needs tools-version 6.1; a target's files tell where it lives.
        let specsTarget = context.package.targets.first { candidate in
            candidate.sourceModule?.sourceFiles.contains { file in
                file.url.deletingLastPathComponent().standardizedFileURL.path
                    == specs.standardizedFileURL.path
            } ?? false
        }
        // SwiftPM drops a dependency's unused targets, and nobody edits a dependency's specs.
        let isRoot: Bool
        if case .root = context.package.origin { isRoot = true } else { isRoot = false }
        guard specsTarget != nil || !isRoot else {
            let manifest = package.appending(path: "Package.swift")
            if let declared = Self.declaredSpecsTarget(inManifest: manifest) {
                throw LayoutError.specsTargetWithoutSwiftFile(
                    package: context.package.displayName, target: target.name, specsTarget: declared)
            }
            throw LayoutError.missingSpecsTarget(package: context.package.displayName, target: target.name)
        }
        let tool = try context.tool(named: "rill-ops")
        let specFiles = try FileManager.default.contentsOfDirectory(atPath: specs.path(percentEncoded: false))
            .filter { $0.hasSuffix(".ops") }.sorted().map { specs.appending(path: $0) }
        var arguments = [
            "--specs", specs.path(percentEncoded: false), "--root", package.path(percentEncoded: false),
        ]
        var inputs = [specs] + specFiles

        // Another package's derivations may use Rill's operators.
        if let rill = context.package.dependencies.map(\.package).first(where: { $0.displayName == "Rill" }) {
            let catalogue = rill.directoryURL.appending(path: "Specs")
            arguments += ["--catalogue", catalogue.path(percentEncoded: false)]
            inputs.append(catalogue)
        }

        var outputs: [URL] = []
        let mode: [String]
        let isSpecsTarget = target.id == specsTarget?.id
        // The specs target's check reports every spec error; the library's and the tests'
        // commands wait for it, so that a broken spec fails the build once, not once per target.
        // Only in the package being built: a dependency's specs target is not built, and its
        // specs do not change.
        if isRoot, !isSpecsTarget, let specsTarget,
            let stamp = checkStamp(of: specsTarget, context: context, target: target)
        {
            inputs.append(stamp)
            arguments.append("--spec-errors-reported-by-check")
        }
        if isSpecsTarget {
            let output = context.pluginWorkDirectoryURL.appending(path: Self.checkStampName(target.name))
            outputs = [output]
            mode = ["check", "--stamp", output.path(percentEncoded: false)]
        } else if target.kind == .test {
            // One file per spec file (and one per 150 entries of a large one), so that editing a
            // spec recompiles only its own tests, and large catalogues compile in parallel.
            let directory = context.pluginWorkDirectoryURL.appending(path: "GeneratedTests")
            let prefix = "\(target.name)+"
            var plan: [String] = []
            outputs = [directory.appending(path: "\(prefix)Support.swift")]
            for file in specFiles {
                let base = file.deletingPathExtension().lastPathComponent
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                let entries = text.split(separator: "\n").filter { $0.hasPrefix("operator ") }.count
                let count = max(1, (entries + 149) / 150)
                plan += ["--plan", "\(base)=\(count)"]
                for shard in 1...count {
                    let name = shard == 1 ? base : "\(base)_\(shard)"
                    outputs.append(directory.appending(path: "\(prefix)\(name).swift"))
                }
            }
            let modules =
                ["Rill"]
                + target.dependencies.compactMap { dependency -> String? in
                    if case .target(let module) = dependency, module.name != "RillTesting",
                        module.name != "Rill"
                    {
                        return module.name
                    }
                    return nil
                }
            mode =
                [
                    "generate", "--tests-directory", directory.path(percentEncoded: false), "--tests-prefix",
                    prefix,
                ]
                + plan + modules.flatMap { ["--import", $0] }
        } else {
            let output = context.pluginWorkDirectoryURL.appending(
                path: "\(target.name)+GeneratedOperators.swift")
            outputs = [output]
            let isRill = target.name == "Rill"
            let imports = isRill ? [] : ["--import", "Rill"]
            var generate = ["generate", "--library", output.path(percentEncoded: false)] + imports
            // Other libraries' names for Rill's operators, for Rill alone: a second module
            // declaring the same unavailable name would make the call ambiguous rather than
            // answer it with Rill's name.
            if isRill {
                let peerNames = context.pluginWorkDirectoryURL.appending(
                    path: "\(target.name)+PeerNames.swift")
                outputs.append(peerNames)
                generate += ["--peer-names", peerNames.path(percentEncoded: false)]
            }
            mode = generate
        }
        return [
            .buildCommand(
                displayName: "Generating \(target.name)'s code from the operator specs",
                executable: tool.url,
                arguments: mode + arguments,
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }

    static func checkStampName(_ target: String) -> String { "\(target)+SpecCheck.swift" }

    /// Where the specs target's check writes its stamp: beside this target's work directory, in
    /// the layout SwiftPM gives every target (`…/<target>/destination/<plugin>`). `nil` if this
    /// target's directory does not have that layout, and the commands then do not wait.
    func checkStamp(of specsTarget: any Target, context: PluginContext, target: any Target) -> URL? {
        let work = context.pluginWorkDirectoryURL.standardizedFileURL
        let plugin = work.lastPathComponent
        let destination = work.deletingLastPathComponent()
        let targetDirectory = destination.deletingLastPathComponent()
        guard targetDirectory.lastPathComponent == target.name else { return nil }
        return targetDirectory.deletingLastPathComponent().appending(path: specsTarget.name)
            .appending(path: destination.lastPathComponent).appending(path: plugin)
            .appending(path: Self.checkStampName(specsTarget.name))
    }

    /// The name of a target that the manifest declares with the path `Specs`. SwiftPM leaves a
    /// target without a Swift file out of the package a plugin sees, so only the manifest's text
    /// still tells that it was meant.
    /// The 1-based line of the manifest on which `name: "target"` is written, if it can be read.
    static func line(declaringTarget target: String, inManifest manifest: URL) -> Int? {
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains("name: \"\(target)\"") }.map { $0 + 1 }
    }

    static func declaredSpecsTarget(inManifest manifest: URL) -> String? {
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
            let pattern = try? NSRegularExpression(
                pattern: #"\.target\(\s*name:\s*"([^"]+)"[^()]*?path:\s*"(?:\./)?Specs/?""#)
        else { return nil }
        let range = NSRange(text.startIndex..., in: text)
        guard let match = pattern.firstMatch(in: text, range: range),
            let name = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[name])
    }
}
