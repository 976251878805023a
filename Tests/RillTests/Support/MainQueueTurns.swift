import Dispatch

/// Turns of the main queue: everything queued there before this call has run when it returns.
@MainActor
func mainQueueTurns(_ count: Int = 1) async {
    for _ in 0..<count {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
    }
}
