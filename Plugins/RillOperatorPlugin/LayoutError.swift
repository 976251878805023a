/// A package layout the plugin cannot build reliably, reported at the package's manifest, where it
/// declares the target to fix.
enum LayoutError: Error, CustomStringConvertible {
    /// The package has no top-level `Specs/` folder to generate from.
    case missingSpecsFolder(package: String, target: String)
    /// No target's path is `Specs/`, so SwiftPM would not notice spec files being added, renamed
    /// or deleted, and later builds would fail with "missing inputs".
    case missingSpecsTarget(package: String, target: String)
    /// The manifest declares a target at `Specs/`, but SwiftPM left it out: it has no Swift file.
    case specsTargetWithoutSwiftFile(package: String, target: String, specsTarget: String)

    /// The target whose declaration the error points at: the specs target that needs its file,
    /// or else the target that uses the plugin.
    var targetToFix: String {
        switch self {
        case .missingSpecsFolder(_, let target), .missingSpecsTarget(_, let target): target
        case .specsTargetWithoutSwiftFile(_, _, let specsTarget): specsTarget
        }
    }

    var description: String { description(at: "") }

    /// The message with `location` before the problem: `swift build` prints a diagnostic of the
    /// plugin itself without the file and line it carries.
    func description(at location: String) -> String { "RillOperatorPlugin: \(location)\(problem)" }

    private var problem: String {
        switch self {
        case .missingSpecsFolder(let package, let target):
            return """
                target '\(target)' of package '\(package)' uses the plugin, but the \
                package has no 'Specs/' folder; put the operator specs ('*.ops') in 'Specs/' next to \
                Package.swift
                """
        case .missingSpecsTarget(let package, let target):
            return """
                target '\(target)' of package '\(package)' uses the plugin, but no \
                target of '\(package)' has the path 'Specs'; add \
                `.target(name: "\(package)Specs", path: "Specs", plugins: [.plugin(name: "RillOperatorPlugin", \
                package: "Rill")])` and a one-line placeholder 'Specs/\(package)Specs.swift', so that adding, \
                renaming and deleting spec files re-plans the build (see docs/Plugins.md)
                """
        case .specsTargetWithoutSwiftFile(let package, let target, let specsTarget):
            return """
                target '\(target)' of package '\(package)' uses the plugin, and target \
                '\(specsTarget)' holds the specs, but SwiftPM leaves '\(specsTarget)' out of the build because \
                it has no Swift file; add 'Specs/\(specsTarget).swift' with a one-line comment, such as \
                '// The operator specs of \(package).' (see docs/Plugins.md)
                """
        }
    }
}
