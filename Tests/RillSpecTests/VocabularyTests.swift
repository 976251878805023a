import Foundation
import Testing

@testable import RillSpec

/// A package that generates its own operators writes its examples, models and derivations in
/// the words Rill's own specs use (`just`, `empty`, `last`, `flattenMap { … }`): the same entry
/// gives the same tests whether it sits among Rill's specs or in another package that has
/// Rill's specs only as a catalogue.
@Suite("Spec vocabulary is the same in every package")
struct VocabularyTests {
    static let rillSpecs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")

    static let evens = #"""
        operator evens
            signature: func evens() -> Signal<Int, Failure> where Value == Int
            doc: Sends the even values.
            derive: bind { value in value % 2 == 0 ? just(value) : empty }
            example(Int): "-1-2-3-4-|" => evens() => "---2---4-|"
            example(Int): just(4).evens() => "(4|)"
            example(Int): empty.evens() => "|"
            example(Int): "-1-2-|" => flattenMap { value in just(value * 2) }.evens() => "-2-4-|"
            example(Int): "-1-2-3-|" => bind { value in value == 2 ? last(just(value)) : empty }.evens() => "---(2|)"
            model: bind { value in just(value) }.evens() ~ values.filter { $0 % 2 == 0 }

        """#

    @Test("An entry's tests are the same among Rill's specs and in a package that uses them as a catalogue")
    func sameTestsInEveryPackage() throws {
        let package = try TemporaryDirectory()
        defer { package.remove() }
        try package.write(Self.evens, to: "Specs/Mine.ops")
        let own = package.url.appendingPathComponent("Specs")
        let paths = SpecPaths(root: package.url.path)

        let inUserPackage = try Pipeline.catalogue(at: [own], external: [Self.rillSpecs])
        let amongRillSpecs = try Pipeline.catalogue(at: [Self.rillSpecs, own]).filter { $0.name == "evens" }
        try #require(inUserPackage.map(\.name) == ["evens"])
        try #require(amongRillSpecs.count == 1)

        let userTests = TestEmitter.emit(inUserPackage, paths: paths, importing: ["Rill", "MyOperators"])
        let rillTests = TestEmitter.emit(amongRillSpecs, paths: paths, importing: ["Rill", "MyOperators"])
        // Only the reference implementation differs: among Rill's specs it is checked against
        // Rill's references, in another package against Rill's shipped operators.
        #expect(
            rillTests.contains("receiver.referenceFlattenMap { value in .just(value * 2) }.referenceEvens()"))
        #expect(userTests == rillTests.replacingOccurrences(of: "referenceFlattenMap", with: "flattenMap"))
        #expect(
            LibraryEmitter.emit(inUserPackage, paths: paths, importing: ["Rill"])
                == LibraryEmitter.emit(amongRillSpecs, paths: paths, importing: ["Rill"]))
        // Bare constructors become `Signal`'s, typed by the example; steps in blocks become `bind`'s.
        #expect(userTests.contains("scheduler.start { Signal<Int, SpecExampleError>.just(4).evens() }"))
        #expect(userTests.contains("scheduler.start { Signal<Int, SpecExampleError>.empty.evens() }"))
        #expect(
            userTests.contains(
                "scheduler.start { receiver.flattenMap { value in .just(value * 2) }.evens() }"))
        #expect(
            userTests.contains(
                "receiver.bind {\n                return { value in value == 2 ? .mergeThenStop(.just(value)) : .merge(.empty) }\n            }.evens() }"
            ))
    }
}
