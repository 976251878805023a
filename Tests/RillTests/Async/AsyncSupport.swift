import Dispatch

/// Waits for `semaphore` on a Dispatch thread, so that the cooperative pool the awaited work
/// runs on is never blocked; `false` if it is not signalled within `seconds`. The default is
/// generous because the awaited task may wait for a pool thread while the whole suite runs.
func signalled(_ semaphore: DispatchSemaphore, within seconds: Double = HangGuard.seconds) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }
    }
}
