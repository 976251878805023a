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
        if let box = CurrentSchedulerSlot.get() { return box.scheduler }
        return MainScheduler.isOnMainQueue ? QueueScheduler.main : nil
    }

    /// Runs `action` with `scheduler` as ``current``, restoring the previous one afterwards.
    ///
    /// Scheduler implementations wrap every action they run in this call.
    public static func perform<Result>(on scheduler: any Scheduler, _ action: () throws -> Result) rethrows
        -> Result
    {
        let box = SchedulerBox(scheduler)
        let previous = CurrentSchedulerSlot.get()
        CurrentSchedulerSlot.set(box)
        defer {
            CurrentSchedulerSlot.set(previous)
            withExtendedLifetime(box) {}
        }
        return try action()
    }

    /// Runs actions synchronously on the calling thread.
    public static let immediate = ImmediateScheduler()
}

/// A class wrapper so that an existential scheduler can be stored behind a raw thread-local pointer.
private final class SchedulerBox {
    let scheduler: any Scheduler
    init(_ scheduler: any Scheduler) { self.scheduler = scheduler }
}

/// A per-thread slot holding an unretained `SchedulerBox`; `Schedulers.perform` keeps the box
/// alive for as long as it is installed.
private enum CurrentSchedulerSlot {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "Rill: could not create the thread-local key for Schedulers.current")
        return key
    }()

    static func get() -> SchedulerBox? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<SchedulerBox>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func set(_ box: SchedulerBox?) {
        let pointer = box.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        pthread_setspecific(key, pointer)
    }
}
