import Dispatch
import Foundation

/// Waits for `semaphore` on a thread of its own, so that neither the cooperative pool the
/// awaited work runs on nor Dispatch's threads, which other tests' work needs, is blocked;
/// `false` if it is not signalled within `seconds`. The default is generous because the awaited
/// task may wait for a pool thread while the whole suite runs.
func signalled(_ semaphore: DispatchSemaphore, within seconds: Double = HangGuard.seconds) async -> Bool {
    await withCheckedContinuation { continuation in
        Thread {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }.start()
    }
}
