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
///
/// This form blocks the calling thread until the chain's thread is done. In an `async` test,
/// `await` the other form: a blocked thread of the cooperative pool, which has one per core,
/// holds back every task of the parallel suite for as long as the chain takes.
public func expectStackSafeChain<Failure: Error>(
    depth: Int = stackSafeChainDepth, stackSize: Int = 512 * 1024,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ wrap: @escaping @Sendable (Signal<Int, Failure>) -> Signal<Int, Failure>
) {
    let recorder = EventRecorder<Int, Failure>()
    let finished = DispatchSemaphore(value: 0)
    startScaleThread(stackBytes: stackSize) {
        runStackSafeChain(depth: depth, recordingIn: recorder, wrap)
    } then: {
        finished.signal()
    }
    finished.wait()
    expectSevenAndCompletion(recorder, depth: depth, sourceLocation: sourceLocation)
}

/// The check above, for `async` tests: the test is suspended, not blocked, while the chain runs
/// on its own thread, so that the cooperative pool stays free for the tasks of the rest of the
/// suite. No more such chains run at once than there are cores; the others wait their turn,
/// suspended, as each holds its whole chain until it ends.
public func expectStackSafeChain<Failure: Error>(
    depth: Int = stackSafeChainDepth, stackSize: Int = 512 * 1024,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ wrap: @escaping @Sendable (Signal<Int, Failure>) -> Signal<Int, Failure>
) async {
    let recorder = EventRecorder<Int, Failure>()
    await onDedicatedThread(stackBytes: stackSize) {
        runStackSafeChain(depth: depth, recordingIn: recorder, wrap)
    }
    expectSevenAndCompletion(recorder, depth: depth, sourceLocation: sourceLocation)
}

/// Builds the chain, subscribes `recorder` to it, disposes the subscription and releases the
/// chain, on the calling thread.
private func runStackSafeChain<Failure: Error>(
    depth: Int, recordingIn recorder: EventRecorder<Int, Failure>,
    _ wrap: (Signal<Int, Failure>) -> Signal<Int, Failure>
) {
    var chain = Signal<Int, Failure>.just(7)
    for _ in 0..<depth { chain = wrap(chain) }
    recorder.subscribe(to: chain).dispose()
    chain = .empty
}

private func expectSevenAndCompletion<Failure: Error>(
    _ recorder: EventRecorder<Int, Failure>, depth: Int, sourceLocation: SourceLocation
) {
    #expect(
        recorder.values == [7] && recorder.isCompleted,
        "a chain of \(depth) sent \(recorder.events.prefix(3)), not 7 and the completion",
        sourceLocation: sourceLocation)
}
