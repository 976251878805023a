import Foundation
import Testing

@testable import RillSpec

/// The generator must turn any input into either a catalogue or located errors, never a crash.
@Suite("Robustness: mangled specs give errors, not crashes")
struct RobustnessTests {
    /// Rill's own specs, cut and scrambled.
    static var realSpecs: [SpecReader.File] {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")
        return (try? SpecReader.read(directory: specs)) ?? []
    }

    @Test("hundreds of random edits of the real specs are all reported or accepted")
    func randomEdits() throws {
        let files = Self.realSpecs
        try #require(!files.isEmpty)
        var state: UInt64 = 0x5EED
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let alphabet = Array("{}()[]<>\"'\\#|-=>?:;,.$ \n\tabcxyz01bindstopjustemptyreturn")
        var rejected = 0
        for _ in 0..<400 {
            var characters = Array(files[random(files.count)].contents)
            for _ in 0...random(4) {
                guard !characters.isEmpty else { break }
                let at = random(characters.count)
                switch random(3) {
                case 0: characters.remove(at: at)
                case 1: characters.insert(alphabet[random(alphabet.count)], at: at)
                default: characters.removeSubrange(at..<min(characters.count, at + random(40)))
                }
            }
            let file = SpecReader.File(path: "Specs/Mangled.ops", contents: String(characters))
            do {
                let specs = try Checker.check(try SpecParser.parse([file]))
                _ = LibraryEmitter.emit(specs, paths: SpecPaths(root: ""), importing: [])
                _ = TestEmitter.emit(specs, paths: SpecPaths(root: ""), importing: ["Rill"])
                _ = PeerNameEmitter.emit(specs, paths: SpecPaths(root: ""))
            } catch {
                // Parsing and checking throw `SpecErrors` only.
                rejected += 1
                let diagnostics = error.diagnostics
                #expect(!diagnostics.isEmpty)
                #expect(diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
            }
        }
        #expect(rejected > 0)
    }
}
