#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ParseStore {
    /// The byte of the `-shm` file every open WAL connection holds a shared lock on (SQLite's `UNIX_SHM_DMS`).
    static let sharedMemoryInUseByte = 128

    /// True when another process has the database at `path` open: every SQLite connection in WAL mode holds a
    /// shared lock on one byte of the `-shm` file while it is open, so asking for a write lock there would conflict.
    ///
    /// Ask before opening the store in this process: a process never conflicts with its own locks.
    public static func isOpenInAnotherProcess(path: String) -> Bool {
        let file = open(path + "-shm", O_RDONLY)
        guard file >= 0 else { return false }
        defer { closeFile(file) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(sharedMemoryInUseByte)
        lock.l_len = 1
        guard fcntl(file, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }
}

/// Closes a file descriptor (a free function, so `close` is the C one and not `ParseStore.close()`).
private func closeFile(_ descriptor: Int32) {
    _ = close(descriptor)
}
