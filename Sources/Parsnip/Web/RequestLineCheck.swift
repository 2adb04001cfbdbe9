/// Judges a connection's first request line as its bytes arrive: HTTP/1.x ends it with its version
/// (`GET / HTTP/1.1`), HTTP/0.9 does not (`GET /`).
///
/// NIO's parser, given `GET /\r\n`, waits for one more byte before it decides, so a 0.9 client would hang until the
/// header timeout; Parsnip does not speak 0.9 and closes such a connection at once. Only the part after the line's
/// last space is kept, and only its first few bytes, so the check costs no memory however long the line is.
struct RequestLineCheck {
    /// What the line says so far.
    enum Verdict: Equatable {
        /// The line has not ended yet.
        case undecided
        /// The line ends with `HTTP/…`: the decoder takes it from here.
        case versioned
        /// The line ended without a version: HTTP/0.9 (or not HTTP at all).
        case unversioned
    }

    private static let versionPrefix = Array("HTTP/".utf8)
    private var startedLine = false
    private var sawSpace = false
    /// The first bytes after the last space so far.
    private var lastWord: [UInt8] = []

    /// Takes the next bytes of the connection; once the answer is not `.undecided` it does not change.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> Verdict {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                // Empty lines before the request line are allowed (RFC 9112, section 2.2).
                guard startedLine else { continue }
                return sawSpace && lastWord.starts(with: Self.versionPrefix) ? .versioned : .unversioned
            case UInt8(ascii: "\r"):
                // Before the line it belongs to an empty line; after it, the LF that follows decides.
                continue
            case UInt8(ascii: " "):
                startedLine = true
                sawSpace = true
                lastWord.removeAll(keepingCapacity: true)
            default:
                startedLine = true
                if lastWord.count < Self.versionPrefix.count { lastWord.append(byte) }
            }
        }
        return .undecided
    }
}
