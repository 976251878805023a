import Foundation
import Testing

@testable import RillSpec

/// Comments go wherever a reader would put them, and diagnostics are the same on every run.
@Suite("Comments in derivations, and deterministic suggestions")
struct CommentAndSuggestionTests {
    @Test("Line and block comments inside a bind block, a one-expression block and a chain are ignored")
    func commentsInsideBlocks() throws {
        let text =
            flattenMapEntry + mapEntry
            + entry(
                "take", "func take(_ count: Int) -> Signal<Value, Failure>", state: "var taken = 0",
                derive:
                    "bind { value in\n    // Counts the values; \"return\" here is not a step.\n    taken += 1 // one more\n    /* the last one ends it */\n    return taken == count ? last(just(value)) : just(value)\n}"
            )
            + entry(
                "kept", "func kept() -> Signal<Value, Failure>",
                derive:
                    "self // the receiver\n    .flattenMap { value in // keeps it\n        just(value)\n    }"
            )
        let specs = checked([primitives, specFile(text)])
        let take = try #require(specs.first { $0.name == "take" })
        guard case .call(let bind)? = derivation(of: take),
            case .steps(let body)? = bind.trailingClosure?.body
        else {
            Issue.record("expected a bind block")
            return
        }
        #expect(body.steps.count == 3)
        let library = LibraryEmitter.emit(specs, paths: SpecPaths(root: ""), importing: [])
        #expect(library.contains("taken.withValue { taken in"))
        #expect(flattened(library).contains("{ value in taken += 1 if"))
        #expect(!library.contains("one more"))
        let tests = TestEmitter.emit(specs, paths: SpecPaths(root: ""), importing: ["Rill"])
        // A comment in a block reads as white space, so it can swallow no brace.
        #expect(tests.contains("return self.referenceFlattenMap { value in .just(value) }"))
        #expect(!tests.contains("keeps it"))
    }

    @Test("'bnd' suggests 'bind', never 'and', on every run")
    func deterministicSuggestion() {
        let text =
            entry("and", "func and() -> Signal<Value, Failure>", primitive: "P")
            + entry("f", "func f() -> Signal<Value, Failure>", derive: "bnd { value in just(value) }")
        for _ in 0..<20 {
            let diagnostics = checkDiagnostics([primitives, specFile(text)])
            #expect(diagnostics.map(\.hint) == ["did you mean 'bind'?"])
        }
        #expect(Checker.Context.closest(to: "bnd", among: ["and", "bind"]) == "bind")
        #expect(Checker.Context.closest(to: "mpa", among: ["map", "max"]) == "map")
    }
}
