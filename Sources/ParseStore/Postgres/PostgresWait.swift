import PostgresNIO

/// Blocks the calling thread until a postgres-nio future completes: how the synchronous `SQLConnection` methods wait
/// for their statements.
///
/// The store runs its bodies on threads of its own (`PostgresBackend`'s thread pools, or the thread opening the
/// store), never on an event loop: a loop that waited for itself would never answer.
enum PostgresWait {
    /// The future's value, or its error.
    static func wait<Value: Sendable>(_ future: EventLoopFuture<Value>) throws -> Value {
        precondition(
            MultiThreadedEventLoopGroup.currentEventLoop == nil,
            "A PostgreSQL statement was run on an event loop thread, which would wait for itself forever.")
        return try future.wait()
    }
}
