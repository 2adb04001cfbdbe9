/// How long Parsnip waits for a client and how many connections it keeps open: the numbers, and why these.
///
/// Modelled on nginx's defaults (client_header_timeout 60 s, keepalive_timeout 75 s, client_body_timeout 60 s,
/// lingering close): a client that is slow on purpose holds a connection for a bounded time, and the number of
/// connections stays well below the open-file limit, so the household is served while it lasts.
public struct ConnectionLimits: Sendable, Hashable {
    /// A request's line and headers must arrive in full within this time, counted from the connection's opening, or
    /// for a later request on a kept-alive connection from its first byte; bytes trickling in do not extend it.
    /// A browser sends its few hundred bytes in one packet, so half nginx's 60 s is still generous on poor Wi-Fi.
    public var headerTimeout: Duration = .seconds(30)
    /// A kept-alive connection with no request in progress closes after this long (nginx's keepalive_timeout).
    public var idleTimeout: Duration = .seconds(75)
    /// While a request body is wanted, at most this long may pass without a byte of it (nginx counts 60 s between
    /// reads); Parsnip's bodies are forms of at most 256 KiB, which a slow phone sends in a few seconds.
    public var bodyTimeout: Duration = .seconds(30)
    /// After an answer that closes the connection, how long the rest of the request is still read and thrown
    /// away, so that a client that sends everything before reading is not reset before it reads the answer.
    public var lingerTime: Duration = .seconds(5)
    /// The most bytes read and thrown away after such an answer (a 5 MB form is refused cleanly; a flood is not read).
    public var lingerBytes = 8 << 20
    /// Connections open at once; the next one is told 503 and closed.
    public var maxConnections: Int
    /// Connections open at once from one network address other than this computer's own: ten times what a
    /// browser opens to one site (6), so one runaway device or script cannot take every connection. This computer
    /// is exempt: the owner's own browser, a reverse proxy and the load tests all connect from there.
    public var maxConnectionsPerAddress = 64

    /// The limits for a process that may have `openFileLimit` files open.
    public init(openFileLimit: Int) {
        maxConnections = Self.maxConnections(openFileLimit: openFileLimit)
    }

    /// Most connections a household needs: 20 devices with a browser's 6 connections each is 120. 512 is nginx's
    /// built-in worker_connections and keeps the worst case small: 512 connections each holding a half-sent 4 KB
    /// head added 12 MB to a 38 MB server.
    public static let connectionCeiling = 512
    /// Files kept for everything but connections: the database pool with its WAL files, the event loops, logs.
    static let reservedFiles = 128

    /// The connection cap that fits `openFileLimit`: each connection may hold its socket and one static file being
    /// sent, after the reserve; never above `connectionCeiling` and, on a starved limit, never below 16.
    public static func maxConnections(openFileLimit: Int) -> Int {
        min(connectionCeiling, max(16, (openFileLimit - reservedFiles) / 2))
    }
}
