import Logging
import PostgresNIO
import Synchronization

/// The idle connections of one kind (the backend's readers, or its writers), opened when a borrower finds none.
///
/// A connection that was lost is never handed out again: it is closed when given back, and a borrower that finds
/// one lost at its first statement throws every idle one away (after a server restart they are all gone) and opens
/// a new one. So no restart of Parsnip is needed when PostgreSQL restarts.
final class PostgresConnectionPool: Sendable {
    /// How many idle connections it keeps; more given back are closed.
    let capacity: Int
    /// Whether its connections run cached queries as prepared statements (the readers').
    let preparesQueries: Bool
    private let configuration: PostgresConnection.Configuration
    private let group: any EventLoopGroup
    private let logger: Logger
    private let ids: Atomic<Int>
    private let state = Mutex(State())

    /// The idle connections, and whether the pool is closed.
    private struct State {
        var idle: [PostgresSQLConnection] = []
        var isClosed = false
    }

    init(
        capacity: Int, preparesQueries: Bool, configuration: PostgresConnection.Configuration,
        group: any EventLoopGroup, logger: Logger, firstID: Int
    ) {
        self.capacity = capacity
        self.preparesQueries = preparesQueries
        self.configuration = configuration
        self.group = group
        self.logger = logger
        self.ids = Atomic(firstID)
    }

    /// An idle connection, or a new one.
    ///
    /// - Throws: `ParseError.databaseClosed` once the pool is closed; `PostgresFailure` when a new connection cannot
    ///   be opened.
    func borrow() throws -> PostgresSQLConnection {
        while true {
            let found = try state.withLock { state throws(ParseError) -> PostgresSQLConnection? in
                guard !state.isClosed else { throw ParseError.databaseClosed }
                return state.idle.popLast()
            }
            guard let found else { return try open() }
            if found.isUsable { return found }
            found.close()
        }
    }

    /// Opens a new connection.
    func open() throws -> PostgresSQLConnection {
        let id = ids.wrappingAdd(1, ordering: .relaxed).newValue
        return try PostgresSQLConnection.open(
            configuration, on: group.next(), id: id, logger: logger, preparesQueries: preparesQueries)
    }

    /// Takes `connection` back to lend again, or closes it when it is lost or worn out, or the pool is full or
    /// closed.
    func giveBack(_ connection: PostgresSQLConnection) {
        let kept = state.withLock { state in
            guard connection.isUsable, !connection.isWornOut, !state.isClosed, state.idle.count < capacity else {
                return false
            }
            state.idle.append(connection)
            return true
        }
        if !kept { connection.close() }
    }

    /// Closes every idle connection (after one was found lost: the others likely are too).
    func discardIdle() {
        let idle = state.withLock { state in
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { connection.close() }
    }

    /// Closes every idle connection and refuses later borrowers; connections lent out are closed when given back.
    func close() {
        state.withLock { $0.isClosed = true }
        discardIdle()
    }
}
