#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files (RLIMIT_NOFILE), which caps how many connections can exist at all.
public enum OpenFileLimit {
    /// The soft limit now in force.
    public static func current() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        return clamp(limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one, as Go's runtime does at start-up, and answers the limit now in force.
    ///
    /// Many systems start programs with a soft limit of 1,024 although they allow far more; the higher limit leaves
    /// room for the files a connection opens besides its socket. A refusal leaves the soft limit as it was.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, rlim_t(ceiling))
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { return clamp(wanted) }
        }
        return clamp(limit.rlim_cur)
    }

    /// More than enough for any cap Parsnip derives; also stands in for "unlimited".
    private static let ceiling = 1 << 20

    private static func clamp(_ value: rlim_t) -> Int { Int(min(value, rlim_t(ceiling))) }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
