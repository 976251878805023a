import Foundation

/// The length of the suite's single-threaded scale tests (a million links, recursions or events
/// on one thread): `RILL_SCALE_DIVISOR` times shorter when it is set, 1 unless. `scripts/asan.sh`
/// sets 10: AddressSanitizer looks for memory errors, which every link and every repetition meets
/// alike, and its instrumentation makes each many times slower; a tenth is still far past where a
/// recursion of one frame per link overflows the tests' 512 KiB threads. The plain suite runs
/// them at the length their names give.
enum TestScale {
    static let divisor = max(
        1, ProcessInfo.processInfo.environment["RILL_SCALE_DIVISOR"].flatMap(Int.init) ?? 1)

    /// `count`, divided for this run.
    static func scaled(_ count: Int) -> Int { count / divisor }
}
