import NIOCore

/// When a connection has waited long enough for its client: a pure state machine that `ConnectionGuard` feeds with
/// what it sees and asks for the next deadline.
///
/// Only waits for the client are timed. Once a request is read in full and until its answer is written, the
/// server is the one working and no deadline runs; a kept-alive connection then waits for the next request.
struct ConnectionClock {
    /// The wait that ran out, for the log.
    enum Wait: Equatable {
        case header, idle, body, linger
    }

    let headerTimeout: TimeAmount
    let idleTimeout: TimeAmount
    let bodyTimeout: TimeAmount
    let lingerTime: TimeAmount

    /// When the head now awaited began: the connection's opening, or the first byte after the previous request.
    /// Set once per head, so bytes trickling in never move it.
    private var headSince: NIODeadline?
    /// When the connection fell idle after its last answer, with nothing of a next request yet.
    private var idleSince: NIODeadline?
    /// When more of the request body was asked for with nothing arriving since.
    private var bodyWaitSince: NIODeadline?
    /// When the connection began to read and discard before closing.
    private var lingerSince: NIODeadline?
    /// Requests whose head was read and whose answer is not yet written in full.
    private var openRequests = 0
    /// A head was read and the end of its body not yet, and the body is still wanted.
    private(set) var isReadingBody = false

    init(limits: ConnectionLimits, openedAt: NIODeadline) {
        headerTimeout = TimeAmount(limits.headerTimeout)
        idleTimeout = TimeAmount(limits.idleTimeout)
        bodyTimeout = TimeAmount(limits.bodyTimeout)
        lingerTime = TimeAmount(limits.lingerTime)
        headSince = openedAt
    }

    /// The next deadline and the wait it ends, or nil while nothing is awaited from the client.
    var deadline: (at: NIODeadline, wait: Wait)? {
        if let lingerSince { return (lingerSince + lingerTime, .linger) }
        if isReadingBody { return bodyWaitSince.map { ($0 + bodyTimeout, .body) } }
        // Answering: the wait for a next (pipelined) head resumes once the answer is written.
        if openRequests > 0 { return nil }
        if let headSince { return (headSince + headerTimeout, .header) }
        return idleSince.map { ($0 + idleTimeout, .idle) }
    }

    /// Bytes came from the client: outside a body they begin the next head, whose clock starts now unless it runs.
    mutating func bytesArrived(at now: NIODeadline) {
        bodyWaitSince = nil
        guard !isReadingBody, headSince == nil else { return }
        headSince = now
        idleSince = nil
    }

    /// The server asked the socket for more; while a body is read, the client's silence counts from here.
    mutating func readRequested(at now: NIODeadline) {
        if isReadingBody, bodyWaitSince == nil { bodyWaitSince = now }
    }

    /// A request's head was read in full.
    mutating func headRead() {
        openRequests += 1
        headSince = nil
        idleSince = nil
        bodyWaitSince = nil
        isReadingBody = true
    }

    /// The end of the request body was read, or the rest of it is no longer wanted (it is being discarded).
    mutating func bodyFinished() {
        isReadingBody = false
        bodyWaitSince = nil
    }

    /// An answer was written in full; with nothing else in progress the connection is idle from now.
    mutating func answerWritten(at now: NIODeadline) {
        openRequests = max(0, openRequests - 1)
        if openRequests == 0, !isReadingBody, headSince == nil { idleSince = now }
    }

    /// The connection reads and discards until it closes, for at most `lingerTime`.
    mutating func startLingering(at now: NIODeadline) {
        if lingerSince == nil { lingerSince = now }
    }
}
