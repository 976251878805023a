import Foundation
import Rill
import Testing

/// How long the chains of ``expectStackSafeChain(depth:stackSize:sourceLocation:_:)`` are by
/// default: a tenth of `RILL_CHAIN_DEPTH` when it is set (runs under a sanitizer set it lower),
/// else 100,000, a hundred times the length at which a recursion of one frame per operator
/// overflows a 512 KiB thread.
public var stackSafeChainDepth: Int {
    ProcessInfo.processInfo.environment["RILL_CHAIN_DEPTH"].flatMap(Int.init).map { $0 / 10 } ?? 100_000
}

/// Checks that an operator can be chained `depth` times: `wrap` applied over and over to a
/// signal that sends 7 and completes, left-nested as a loop builds a chain, on a thread with a
/// `stackSize` stack. The chain must subscribe, carry 7 and the completion to the end, be
/// disposed and be released, all without overflowing that stack; an overflow ends the test run,
/// as it would end an app.
///
/// `wrap` must keep what the signal sends: `{ $0.map { $0 } }`, `{ $0.merge(with: .empty) }`.
public func expectStackSafeChain<Failure: Error>(
    depth: Int = stackSafeChainDepth, stackSize: Int = 512 * 1024,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ wrap: @escaping @Sendable (Signal<Int, Failure>) -> Signal<Int, Failure>
) {
    let recorder = EventRecorder<Int, Failure>()
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        var chain = Signal<Int, Failure>.just(7)
        for _ in 0..<depth { chain = wrap(chain) }
        recorder.subscribe(to: chain).dispose()
        chain = .empty
        finished.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    finished.wait()
    #expect(
        recorder.values == [7] && recorder.isCompleted,
        "a chain of \(depth) sent \(recorder.events.prefix(3)), not 7 and the completion",
        sourceLocation: sourceLocation)
}
