import Foundation
import Testing

@testable import RillSpec

/// Every operator of Rill's catalogue has a generated stack-depth check, or says why not: an
/// operator added without a `chain:` line fails here, so none is left out by forgetting it.
@Suite("Chain checks of the catalogue")
struct ChainCheckTests {
    static let rillSpecs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")

    @Test("Every entry of Specs/ has a chain: line, an expression or 'none -- why'")
    func everyEntryHasAChainCheck() throws {
        let catalogue = try Pipeline.catalogue(at: Self.rillSpecs)
        #expect(catalogue.count > 100)
        let missing = catalogue.filter { $0.chain == nil }.map {
            "\($0.location) \($0.signature.displayName)"
        }
        #expect(missing.isEmpty, "entries without a chain: line: \(missing)")
        let exempt = catalogue.filter {
            if case .exempt = $0.chain?.kind { return true } else { return false }
        }
        // Constructors that take no signal, connections, and the few documented exceptions.
        #expect(exempt.count < 20, "\(exempt.map(\.signature.displayName))")
    }

    @Test("A chain: line is an expression that becomes a check, or 'none -- reason'")
    func parsing() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            #"""
            operator evens
                signature: func evens() -> Signal<Int, Failure> where Value == Int
                chain: map { $0 * 2 }.evens().map { $0 / 2 }
                doc: Sends the even values.
                derive: bind { value in value % 2 == 0 ? just(value) : empty }
                example(Int): "-1-2-|" => evens() => "---2-|"

            operator odds
                signature: func odds() -> Signal<Int, Failure> where Value == Int
                chain: none -- a test of the exemption
                doc: Sends the odd values.
                derive: bind { value in value % 2 == 1 ? just(value) : empty }
                example(Int): "-1-2-|" => odds() => "-1---|"

            """#, to: "Specs/Mine.ops")
        let specs = try Pipeline.catalogue(
            at: [package.url.appendingPathComponent("Specs")], external: [Self.rillSpecs])
        let evens = try #require(specs.first { $0.name == "evens" })
        let odds = try #require(specs.first { $0.name == "odds" })
        #expect(evens.chain?.derivation != nil)
        #expect(odds.chain?.kind == .exempt(reason: "a test of the exemption"))
        let tests = TestEmitter.emit(specs, paths: SpecPaths(root: package.url.path), importing: [])
        #expect(tests.contains("await expectStackSafeChain("))
        #expect(
            tests.contains(
                "chain: 7 and the completion pass through a long chain of map { $0 * 2 }.evens().map { $0 / 2 }"
            ))
    }

    @Test("'chain: none' without a reason is an error at the field")
    func exemptionNeedsAReason() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(
            #"""
            operator odds
                signature: func odds() -> Signal<Int, Failure> where Value == Int
                chain: none
                doc: Sends the odd values.
                derive: bind { value in value % 2 == 1 ? just(value) : empty }
                example(Int): "-1-2-|" => odds() => "-1---|"

            """#, to: "Specs/Mine.ops")
        #expect {
            try Pipeline.catalogue(
                at: [package.url.appendingPathComponent("Specs")], external: [Self.rillSpecs])
        } throws: { error in
            let description = "\(error)"
            return description.contains("Mine.ops:3:12") && description.contains("says why")
        }
    }
}
