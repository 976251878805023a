#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the core keeps per thread to walk deep chains without recursion: the trampoline of the
/// lifted signals being subscribed and the values whose release is deferred.
///
/// Not `Sendable`: each thread only ever sees its own, through a thread-local slot.
@usableFromInline
final class ThreadState {
    /// The trampoline of the outermost checkpoint being subscribed on this thread, if any.
    var trampoline: LiftTrampoline?
    /// Values dropped by dying holders while a release was already under way on this thread.
    var releases: [Any] = []
    var isReleasing = false

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ThreadState>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ThreadState>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "Rill: could not create the thread-local key for deep chains")
        return key
    }()

    /// This thread's state, created on first use and released when the thread exits.
    static var current: ThreadState {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
        }
        let state = ThreadState()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// Releases what `slot` holds without nesting, and empties it: a holder dying inside another
    /// holder's release queues what it held here, and the outermost release on this thread drops
    /// the queue one by one, so a chain of holders a million long is freed at constant stack
    /// depth.
    func release<Held>(_ slot: inout Held?) {
        guard !isReleasing else {
            if let held = slot.take() { releases.append(held) }
            return
        }
        isReleasing = true
        slot = nil
        while !releases.isEmpty {
            // The popped value dies at the end of this statement, queueing what it held.
            _ = releases.removeLast()
        }
        isReleasing = false
    }
}
