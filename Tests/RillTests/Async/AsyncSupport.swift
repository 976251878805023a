import Dispatch

/// Waits for `semaphore` on a Dispatch thread, so that the cooperative pool the awaited work
/// runs on is never blocked; `false` if it is not signalled within `seconds`.
func signalled(_ semaphore: DispatchSemaphore, within seconds: Double = 10) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }
    }
}
