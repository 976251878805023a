#if canImport(Glibc)
import Glibc
#endif

/// Hands the memory that the process has freed but still holds back to the system.
///
/// A chain of a million operators takes gigabytes, which it frees as it is released. glibc's
/// allocator keeps what a thread freed for that thread's next allocations, in an arena that
/// outlives the thread, and each scale test runs on a new thread: without this, the arenas stay
/// as large as the largest chains they held, and a suite of such tests holds two to three times
/// what is ever live at once (`docs/Reliability.md`). Elsewhere it does nothing.
func returnFreedMemoryToSystem() {
    #if canImport(Glibc)
    _ = mallocTrim?(0)
    #endif
}

#if canImport(Glibc)
/// glibc's `malloc_trim`, which the Glibc module does not export.
private let mallocTrim: (@convention(c) (Int) -> Int32)? =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }
#endif
