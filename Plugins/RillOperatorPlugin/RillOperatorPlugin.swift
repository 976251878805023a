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
        let tool = try context.tool(named: "rill-ops")
        do {
            return try commands(context: context, target: target, tool: tool)
        } catch let error as LayoutError {
            return layoutErrorCommands(error, context: context, target: target, tool: tool)
        } catch {
            Diagnostics.error("RillOperatorPlugin: \(error)")
            throw error
        }
    }

    /// A layout error, as a build command that prints it at the manifest's line and column that
    /// declare the target to fix, and fails the build. A diagnostic of the plugin itself would be
    /// printed once per target that uses the plugin and per planning pass (SwiftPM makes two when
    /// one fails), and `swift build` would print it without its location. Only one target
    /// reports: the others' commands take its output, which it never writes, as an input, so they
    /// wait for it and never run while it fails. Never writing that output also runs the report
    /// again in every build until the layout is fixed.
    func layoutErrorCommands(
        _ error: LayoutError, context: PluginContext, target: any Target, tool: PluginContext.Tool
    ) -> [Command] {
        let manifest = context.package.directoryURL.appending(path: "Package.swift")
        let declarations = ManifestDeclarations(manifest: manifest)
        var error = error
        // A specs target the manifest declares, which SwiftPM dropped: it has no Swift file.
        if case .missingSpecsTarget(let package, let target) = error, let declared = declarations.specsTarget
        {
            error = .specsTargetWithoutSwiftFile(package: package, target: target, specsTarget: declared)
        }
        let location = declarations.location(of: error.targetToFix)
        // Without a reporter found in the manifest (the plugin applied through a variable, say),
        // every target reports: an error printed more than once rather than a build failing
        // unexplained.
        let included = Set(context.package.targets.compactMap { $0.sourceModule?.name })
        let reporter = declarations.pluginUsers.first(where: included.contains)
        if case .specsTargetWithoutSwiftFile = error {
            // Adding the placeholder changes no folder of a target SwiftPM kept, so it would not
            // re-plan a build whose planning succeeded, and would run the stale report forever.
            // Only a diagnostic of the plugin fails the planning itself; SwiftPM then plans again
            // in the same build, and prints it a second time.
            guard reporter == nil || reporter == target.name else { return [] }
            let at = location.map { "Package.swift:\($0.line):\($0.column): " } ?? "Package.swift: "
            Diagnostics.error(
                error.description(at: at), file: manifest.path(percentEncoded: false), line: location?.line)
            return []
        }
        var arguments = [
            "fail", "--file", manifest.path(percentEncoded: false), "--message", error.description,
        ]
        if let location {
            arguments += ["--line", "\(location.line)", "--column", "\(location.column)"]
        }
        let output = context.pluginWorkDirectoryURL.appending(path: Self.layoutReportName(target.name))
        var inputs: [URL] = []
        if let reporter, reporter != target.name,
            let report = workFile(
                Self.layoutReportName(reporter), of: reporter, context: context, target: target)
        {
            inputs.append(report)
        }
        return [
            .buildCommand(
                displayName: "Reporting \(context.package.displayName)'s layout for the operator plugin",
                executable: tool.url, arguments: arguments, inputFiles: inputs, outputFiles: [output])
        ]
    }

    func commands(context: PluginContext, target: Target, tool: PluginContext.Tool) throws -> [Command] {
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
            // `layoutErrorCommands` tells a missing specs target from one without a Swift file.
            throw LayoutError.missingSpecsTarget(package: context.package.displayName, target: target.name)
        }
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
            let stamp = workFile(
                Self.checkStampName(specsTarget.name), of: specsTarget.name, context: context, target: target)
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

    /// The output of a target's layout report: never written, so a Swift file that is never
    /// compiled.
    static func layoutReportName(_ target: String) -> String { "\(target)+LayoutError.swift" }

    /// Where the plugin's work directory for `owner` holds `name`: beside this target's work
    /// directory, in the layout SwiftPM gives every target (`…/<target>/destination/<plugin>`).
    /// `nil` if this target's directory does not have that layout, and the commands then do not
    /// wait.
    func workFile(_ name: String, of owner: String, context: PluginContext, target: any Target) -> URL? {
        let work = context.pluginWorkDirectoryURL.standardizedFileURL
        let plugin = work.lastPathComponent
        let destination = work.deletingLastPathComponent()
        let targetDirectory = destination.deletingLastPathComponent()
        guard targetDirectory.lastPathComponent == target.name else { return nil }
        return targetDirectory.deletingLastPathComponent().appending(path: owner)
            .appending(path: destination.lastPathComponent).appending(path: plugin).appending(path: name)
    }
}
