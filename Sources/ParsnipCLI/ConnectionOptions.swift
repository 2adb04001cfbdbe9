import ArgumentParser
import Parsnip

/// Hidden options that shorten the connection timeouts and the cap, so tests can start the real program and watch
/// them act in seconds; a person never needs them, and the defaults are the real numbers.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds a request's headers may take to arrive.", visibility: .hidden))
    var headerTimeout: Double?

    @Option(help: ArgumentHelp("Seconds a kept-alive connection may stay idle.", visibility: .hidden))
    var idleTimeout: Double?

    @Option(help: ArgumentHelp("Seconds a request body may stop arriving.", visibility: .hidden))
    var bodyTimeout: Double?

    @Option(help: ArgumentHelp("Seconds to read and discard after an answer that closes.", visibility: .hidden))
    var lingerTime: Double?

    @Option(help: ArgumentHelp("Connections open at once (default: from the open-file limit).", visibility: .hidden))
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Connections open at once from one other address.", visibility: .hidden))
    var maxConnectionsPerAddress: Int?

    func validate() throws {
        for (name, seconds) in [
            ("header", headerTimeout), ("idle", idleTimeout), ("body", bodyTimeout), ("linger", lingerTime),
        ] {
            if let seconds, !(seconds > 0 && seconds <= 3600) {
                throw ValidationError("The \(name) time must be more than 0 and at most 3600 seconds.")
            }
        }
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be at least 1.") }
        if let maxConnectionsPerAddress, maxConnectionsPerAddress < 1 {
            throw ValidationError("--max-connections-per-address must be at least 1.")
        }
    }

    /// The real limits for a process allowed `openFileLimit` open files, with whatever was given on the command line.
    func limits(openFileLimit: Int) -> ConnectionLimits {
        var limits = ConnectionLimits(openFileLimit: openFileLimit)
        if let headerTimeout { limits.headerTimeout = .seconds(headerTimeout) }
        if let idleTimeout { limits.idleTimeout = .seconds(idleTimeout) }
        if let bodyTimeout { limits.bodyTimeout = .seconds(bodyTimeout) }
        if let lingerTime { limits.lingerTime = .seconds(lingerTime) }
        if let maxConnections { limits.maxConnections = maxConnections }
        if let maxConnectionsPerAddress { limits.maxConnectionsPerAddress = maxConnectionsPerAddress }
        return limits
    }
}
