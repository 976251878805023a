import Foundation
import Rill
import RillTesting
import Testing

/// Chains whose links are hot: properties derived from properties, subjects feeding subjects,
/// shared signals over shared signals, properties bound into properties. Every link delivers
/// through a broadcast of its own, so a change at the root passes through one broadcast per
/// link; where each link was subscribed when it was made, no subscription lies on that path to
/// place a checkpoint on. Built, changed, ended and released on a 512 KiB thread, where a
/// hundred properties derived by `combineLatest(with:)` overflowed in a debug build before a
/// broadcast's delivery became a checkpoint.
///
/// A hundred thousand links in the plain suite (a tenth under AddressSanitizer), a million in
/// the optimized run of `scripts/release-chains.sh` (`RILL_HOT_CHAIN_DEPTH`). The rows run in
/// two suites, each one chain at a time: a million links of properties take a few GiB.
enum HotChainStackDepthTests {
    static let depth = TestScale.scaled(
        ProcessInfo.processInfo.environment["RILL_HOT_CHAIN_DEPTH"].flatMap(Int.init) ?? 100_000)

    /// A chain built: the signal of its last link, and how to change and end its root.
    struct Chain: Sendable {
        let last: Signal<Int, Never>
        let send: @Sendable (Int) -> Void
        /// Ends the root; `nil` for properties, which end only when they are released.
        let end: (@Sendable () -> Void)?
        /// Everything the test holds until it releases the chain; the first must be gone once
        /// the test has let go of it all.
        let held: [any AnyObject & Sendable]
    }

    /// One row: a chain of `depth` links over a root, each link adding 1 to the values.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        /// Whether a subscription to the last link receives the current value first.
        let sendsCurrentValue: Bool
        let build: @Sendable (Int) -> Chain

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "Property.map", sendsCurrentValue: true) { depth in
            let root = MutableProperty(0)
            var property = Property(root)
            for _ in 0..<depth { property = property.map { $0 + 1 } }
            return Chain(
                last: property.signal, send: { root.value = $0 }, end: nil, held: [property, root])
        },
        Row(name: "Property.combineLatest(with:)", sendsCurrentValue: true) { depth in
            let root = MutableProperty(0)
            let one = Property(value: 1)
            var property = Property(root)
            for _ in 0..<depth { property = property.combineLatest(with: one).map { $0 + $1 } }
            return Chain(
                last: property.signal, send: { root.value = $0 }, end: nil, held: [property, root])
        },
        Row(name: "Property.flatMap(.latest)", sendsCurrentValue: true) { depth in
            let root = MutableProperty(0)
            var property = Property(root)
            for _ in 0..<depth { property = property.flatMap(.latest) { Property(value: $0 + 1) } }
            return Chain(
                last: property.signal, send: { root.value = $0 }, end: nil, held: [property, root])
        },
        Row(name: "MutableProperty <~ signal", sendsCurrentValue: true) { depth in
            let root = MutableProperty(0)
            var properties = [root]
            for _ in 0..<depth {
                let next = MutableProperty(0)
                next <~ properties[properties.count - 1].signal.map { $0 + 1 }
                properties.append(next)
            }
            return Chain(
                last: properties[depth].signal, send: { root.value = $0 }, end: nil,
                held: properties.reversed())
        },
        Row(name: "a subject feeding a subject", sendsCurrentValue: false) { depth in
            let root = Subject<Int, Never>()
            var subject = root
            for _ in 0..<depth {
                let next = Subject<Int, Never>()
                subject.signal.map { $0 + 1 }.subscribe(next)
                subject = next
            }
            return Chain(
                last: subject.signal, send: { root.sendNext($0) }, end: { root.sendCompleted() },
                held: [subject, root])
        },
        Row(name: "share(replay: 1)", sendsCurrentValue: false) { depth in
            let root = Subject<Int, Never>()
            var chain = root.signal
            for _ in 0..<depth { chain = chain.map { $0 + 1 }.share(replay: 1) }
            return Chain(
                last: chain, send: { root.sendNext($0) }, end: { root.sendCompleted() }, held: [root])
        },
    ]

    /// The rows of each of the two suites: every other one.
    static let firstHalf = rows.alternateHalf(0)
    static let secondHalf = rows.alternateHalf(1)

    @Suite("Stack depth of long hot chains, first half", .serialized)
    struct FirstHalf {
        @Test("values, the end and the release pass through a hot chain", arguments: firstHalf)
        func valuesEndAndRelease(_ row: Row) async { await check(row) }
    }

    @Suite("Stack depth of long hot chains, second half", .serialized)
    struct SecondHalf {
        @Test("values, the end and the release pass through a hot chain", arguments: secondHalf)
        func valuesEndAndRelease(_ row: Row) async { await check(row) }
    }

    /// Builds the chain, subscribes to its last link, sends 1, 2 and 3 at the root, ends it, and
    /// releases everything, each step on a 512 KiB thread.
    static func check(_ row: Row) async {
        let depth = Self.depth
        let recorder = EventRecorder<Int, Never>()
        let chain = Locked<Chain?>(nil)
        let subscription = Locked<(any Disposable)?>(nil)
        await onSmallStack {
            let built = row.build(depth)
            chain.value = built
            subscription.value = recorder.subscribe(to: built.last)
        }
        await onSmallStack {
            for value in 1...3 { chain.value?.send(value) }
        }
        let initial = row.sendsCurrentValue ? [depth] : []
        #expect(recorder.values == initial + [1 + depth, 2 + depth, 3 + depth])
        if let end = chain.value?.end {
            await onSmallStack(end)
            #expect(recorder.events.last == .completed)
        }
        let released = Flag()
        await onSmallStack {
            weak var weakLast: AnyObject?
            weakLast = chain.value?.held.first
            subscription.value?.dispose()
            subscription.value = nil
            chain.value = nil
            if weakLast == nil { released.set() }
        }
        #expect(released.isSet, "the last link of \(row.name) was released")
    }
}
