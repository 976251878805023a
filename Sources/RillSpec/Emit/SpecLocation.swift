import Foundation

/// Spells spec locations relative to the package, so that output does not depend on where the
/// package is checked out.
public struct SpecPaths: Sendable {
    public var root: String

    public init(root: String) {
        self.root = root.hasSuffix("/") ? root : root + "/"
    }

    public func relative(_ path: String) -> String {
        path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    public func describe(_ location: SourceLocation) -> String {
        "\(relative(location.file)):\(location.line)"
    }
}
