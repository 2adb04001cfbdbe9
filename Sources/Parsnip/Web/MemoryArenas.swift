import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How many heaps the C allocator keeps for the process's threads: one a core instead of glibc's eight a core.
///
/// glibc gives threads that meet a busy heap a new one, up to eight a core, and a heap keeps the memory it once
/// held. Parsnip's threads (the event loops, the database's readers and writer, Swift's task threads) allocate
/// briefly for each request, so under load each grew a heap of its own that it never gave back: a few megabytes of a
/// server that should stay within 64 MB. One heap a core still lets every core allocate at once.
public enum MemoryArenas {
    /// Sets the limit; call once at start, before the server's threads begin. Answers whether the allocator took it.
    @discardableResult
    public static func limitToOneACore() -> Bool {
        #if canImport(Glibc)
            // `mallopt` is in <malloc.h>, which Swift's Glibc module leaves out: found by name instead.
            typealias SetOption = @convention(c) (Int32, Int32) -> Int32
            guard let found = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            let arenaLimit: Int32 = -8  // M_ARENA_MAX
            return unsafeBitCast(found, to: SetOption.self)(
                arenaLimit, Int32(max(2, ProcessInfo.processInfo.activeProcessorCount))) == 1
        #else
            return false
        #endif
    }
}
