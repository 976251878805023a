import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Shared schedulers, and the scheduler the current thread is running an action for.
public enum Schedulers {
    /// The scheduler whose action is running on this thread, if any (RAC
    /// `+currentScheduler`).
    ///
    /// On the main queue, outside any action, this is ``QueueScheduler/main``, as RAC's is its
    /// main-thread scheduler: on the main thread, in `DispatchQueue.main.async` and in
    /// `Task { @MainActor in }`, on Linux as on Apple platforms (where Dispatch may run the main
    /// queue on another thread). Elsewhere it is `nil` unless a scheduler is running an action,
    /// which is how operators such as `delay` and `throttle` know where to schedule when given no
    /// scheduler.
    public static var current: (any Scheduler)? {
        if let scheduler = CurrentSchedulerSlot.get() { return scheduler }
        return MainScheduler.isOnMainQueue ? QueueScheduler.main : nil
    }

    /// Runs `action` with `scheduler` as ``current``, restoring the previous one afterwards.
    ///
    /// Scheduler implementations wrap every action they run in this call.
    public static func perform<Result>(on scheduler: any Scheduler, _ action: () throws -> Result) rethrows
        -> Result
    {
        // The slot points at this frame's copy of the scheduler, which outlives the action: no
        // allocation per action, where a box for the slot took one.
        var installed = scheduler
        return try withUnsafeMutablePointer(to: &installed) { pointer in
            let previous = CurrentSchedulerSlot.pointer()
            CurrentSchedulerSlot.set(UnsafeRawPointer(pointer))
            defer { CurrentSchedulerSlot.set(previous) }
            return try action()
        }
    }

    /// Runs actions synchronously on the calling thread.
    public static let immediate = ImmediateScheduler()
}

/// A per-thread slot pointing at the scheduler whose action is running, in the frame of
/// `Schedulers.perform`, which clears it before that frame ends.
private enum CurrentSchedulerSlot {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "Rill: could not create the thread-local key for Schedulers.current")
        return key
    }()

    static func pointer() -> UnsafeRawPointer? {
        pthread_getspecific(key).map { UnsafeRawPointer($0) }
    }

    static func get() -> (any Scheduler)? {
        pointer()?.assumingMemoryBound(to: (any Scheduler).self).pointee
    }

    static func set(_ pointer: UnsafeRawPointer?) {
        pthread_setspecific(key, pointer)
    }
}
