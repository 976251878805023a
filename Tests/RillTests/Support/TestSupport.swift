import Dispatch
import Foundation
import Rill
import Synchronization
import Testing

// Testable: `onDedicatedThread(stackBytes:_:)` is internal to the test kit.
@testable import RillTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The failure type used throughout the tests.
enum TestError: Error, Equatable, Sendable, CustomStringConvertible {
    case boom
    case other
    case tagged(Int)

    var description: String {
        switch self {
        case .boom: "boom"
        case .other: "other"
        case .tagged(let tag): "tagged(\(tag))"
        }
    }
}

/// A lock-protected value that `@Sendable` closures can share.
final class Locked<Value: Sendable>: Sendable {
    // Rill's `Lock`, not a bare `Mutex`: a contended `Mutex` hands over through the kernel,
    // which ThreadSanitizer cannot see, and it would report the protected value as raced.
    private let lock: Lock<Value>

    init(_ value: Value) {
        lock = Lock(value)
    }

    var value: Value {
        get { lock.withLock { $0 } }
        set { lock.withLock { $0 = newValue } }
    }

    @discardableResult
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { value in body(&value) }
    }
}

extension Locked {
    /// Appends to an array value.
    func append<Element>(_ element: Element) where Value == [Element] {
        withLock { $0.append(element) }
    }
}

/// An atomic counter that `@Sendable` closures can share.
final class Counter: Sendable {
    private let atomic: Atomic<Int>

    init(_ initial: Int = 0) {
        atomic = Atomic(initial)
    }

    /// Adds one and returns the new value.
    @discardableResult
    func increment() -> Int {
        atomic.add(1, ordering: .sequentiallyConsistent).newValue
    }

    /// Subtracts one and returns the new value.
    @discardableResult
    func decrement() -> Int {
        atomic.subtract(1, ordering: .sequentiallyConsistent).newValue
    }

    var value: Int { atomic.load(ordering: .sequentiallyConsistent) }
}

/// An atomic flag.
final class Flag: Sendable {
    private let atomic = Atomic<Bool>(false)

    func set() { atomic.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { atomic.load(ordering: .sequentiallyConsistent) }
}

/// Detects concurrent execution of a region: `enter()` on entry, `leave()` on exit.
final class OverlapDetector: Sendable {
    private let inside = Atomic<Int>(0)
    private let overlaps = Atomic<Int>(0)
    private let maxDepth = Atomic<Int>(0)

    func enter() {
        let now = inside.add(1, ordering: .sequentiallyConsistent).newValue
        if now > 1 { overlaps.add(1, ordering: .sequentiallyConsistent) }
        var seen = maxDepth.load(ordering: .sequentiallyConsistent)
        while now > seen {
            let (exchanged, original) = maxDepth.compareExchange(
                expected: seen, desired: now, ordering: .sequentiallyConsistent)
            if exchanged { break }
            seen = original
        }
    }

    func leave() {
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// How many times a region was entered while another was running.
    var overlapCount: Int { overlaps.load(ordering: .sequentiallyConsistent) }
    /// The deepest nesting or concurrency seen.
    var deepest: Int { maxDepth.load(ordering: .sequentiallyConsistent) }
}

/// An object whose lifetime the tests observe through a weak reference.
final class Token: Sendable {
    func touch() {}
}

/// A disposable that counts how many times `dispose()` was called on it (the protocol promises
/// that repeated calls are harmless, so this one lets the tests see whether they happen).
final class CountingDisposable: Disposable {
    private let calls = Atomic<Int>(0)
    private let onDispose: (@Sendable () -> Void)?

    init(_ onDispose: (@Sendable () -> Void)? = nil) {
        self.onDispose = onDispose
    }

    var isDisposed: Bool { calls.load(ordering: .sequentiallyConsistent) > 0 }
    var disposeCount: Int { calls.load(ordering: .sequentiallyConsistent) }

    func dispose() {
        calls.add(1, ordering: .sequentiallyConsistent)
        onDispose?()
    }
}

/// Counts values and terminal events of a subscription and checks that values arrive as
/// `0, 1, 2, ...` and that nothing follows a terminal event. Cheap enough for a million events.
final class Tally: Sendable {
    private let nextCount = Atomic<Int>(0)
    private let disorder = Atomic<Int>(0)
    private let completions = Atomic<Int>(0)
    private let errors = Atomic<Int>(0)
    private let afterTerminal = Atomic<Int>(0)

    func next(_ value: Int) {
        if completions.load(ordering: .sequentiallyConsistent)
            + errors.load(ordering: .sequentiallyConsistent) > 0
        {
            afterTerminal.add(1, ordering: .sequentiallyConsistent)
        }
        let index = nextCount.add(1, ordering: .sequentiallyConsistent).newValue - 1
        if index != value { disorder.add(1, ordering: .sequentiallyConsistent) }
    }

    func completed() {
        if completions.load(ordering: .sequentiallyConsistent)
            + errors.load(ordering: .sequentiallyConsistent) > 0
        {
            afterTerminal.add(1, ordering: .sequentiallyConsistent)
        }
        completions.add(1, ordering: .sequentiallyConsistent)
    }

    func error() {
        if completions.load(ordering: .sequentiallyConsistent)
            + errors.load(ordering: .sequentiallyConsistent) > 0
        {
            afterTerminal.add(1, ordering: .sequentiallyConsistent)
        }
        errors.add(1, ordering: .sequentiallyConsistent)
    }

    var count: Int { nextCount.load(ordering: .sequentiallyConsistent) }
    var outOfOrder: Int { disorder.load(ordering: .sequentiallyConsistent) }
    var completedCount: Int { completions.load(ordering: .sequentiallyConsistent) }
    var errorCount: Int { errors.load(ordering: .sequentiallyConsistent) }
    var eventsAfterTerminal: Int { afterTerminal.load(ordering: .sequentiallyConsistent) }

    /// Subscribes to `signal`, feeding this tally.
    @discardableResult
    func subscribe<Failure: Error>(to signal: Signal<Int, Failure>) -> any Disposable {
        signal.subscribe(
            next: { [self] in next($0) },
            error: { [self] _ in error() },
            completed: { [self] in completed() })
    }
}

/// A `create` signal that stores its subscriber so that the test can drive it, and records
/// how many times its body ran and whether the disposable it returned was disposed.
final class ManualSource<Value: Sendable, Failure: Error>: Sendable {
    private let subscribers = Locked<[Subscriber<Value, Failure>]>([])
    let subscriptions = Counter()
    let disposals = Counter()
    private let log: Locked<[String]>?
    private let label: String

    /// - Parameters:
    ///   - log: If given, `"<label> disposed"` is appended to it when the body's disposable is disposed.
    init(label: String = "source", log: Locked<[String]>? = nil) {
        self.log = log
        self.label = label
    }

    var signal: Signal<Value, Failure> {
        Signal.create { [self] subscriber in
            subscribers.append(subscriber)
            subscriptions.increment()
            return ActionDisposable { [self] in
                disposals.increment()
                log?.append("\(label) disposed")
            }
        }
    }

    /// The subscriber of the most recent subscription.
    var subscriber: Subscriber<Value, Failure> {
        guard let last = subscribers.value.last else { fatalError("ManualSource: not subscribed") }
        return last
    }

    var allSubscribers: [Subscriber<Value, Failure>] { subscribers.value }

    var isDisposed: Bool { disposals.value > 0 }

    func sendNext(_ value: Value) { subscriber.sendNext(value) }
    func sendError(_ failure: Failure) { subscriber.sendError(failure) }
    func sendCompleted() { subscriber.sendCompleted() }
}

/// The stack size of the calling thread, as the threading library reports it.
func currentThreadStackSize() -> Int {
    #if os(Linux)
    // `pthread_getattr_np` is a GNU extension the Glibc module does not import; look it up.
    typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    guard let symbol = dlsym(nil, "pthread_getattr_np") else { return -1 }
    let getattr = unsafeBitCast(symbol, to: GetAttr.self)
    var attributes = pthread_attr_t()
    guard getattr(pthread_self(), &attributes) == 0 else { return -1 }
    defer { pthread_attr_destroy(&attributes) }
    var size = 0
    pthread_attr_getstacksize(&attributes, &size)
    return size
    #elseif canImport(Darwin)
    return pthread_get_stacksize_np(pthread_self())
    #else
    return -1
    #endif
}

/// Runs `body` on a new thread with a small stack and suspends until it finishes.
///
/// The test suspends rather than blocks, so that its cooperative thread stays free for the
/// rest of the parallel suite while `body` runs.
///
/// - Returns: The stack size the thread actually had, so that a test can check the stack really
///   was small.
@discardableResult
func runOnSmallStack(bytes: Int = 512 * 1024, _ body: @escaping @Sendable () -> Void) async -> Int {
    await onDedicatedThread(stackBytes: bytes) {
        let actualSize = currentThreadStackSize()
        body()
        return actualSize
    }
}

/// Runs `body` on a new thread with a 512 KiB stack, as a stack-depth test does, and expects
/// that the thread's stack really was that small.
func onSmallStack(
    _ body: @escaping @Sendable () -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async {
    let bytes = 512 * 1024
    let actual = await runOnSmallStack(bytes: bytes, body)
    #expect(
        actual > 0 && actual <= 2 * bytes, "the worker thread's stack was \(actual) bytes",
        sourceLocation: sourceLocation)
}

/// Runs `body` on `count` threads of its own at once and waits for all of them.
///
/// Not `DispatchQueue.concurrentPerform`: it runs as many iterations at once as there are
/// cores, on the caller's and Dispatch's threads, so iterations that wait for each other or for
/// work queued on Dispatch could wait for ever, and meanwhile hold threads other tests need.
func onThreads(_ count: Int, _ body: @Sendable (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
        let finished = DispatchGroup()
        for index in 0..<count {
            // A thread keeps its closure until it exits, after `finished` is left: it holds the
            // body through a box it empties first, so that nothing the body captured outlives
            // this call.
            let work = Locked<(@Sendable (Int) -> Void)?>(body)
            finished.enter()
            let thread = Thread {
                work.value?(index)
                work.value = nil
                finished.leave()
            }
            thread.stackSize = 8 * 1024 * 1024
            thread.start()
        }
        finished.wait()
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Zip values as strings, since tuples are not `Equatable`.
func pairs<A, B>(_ values: [(A, B)]) -> [String] {
    values.map { "\($0.0)\($0.1)" }
}
