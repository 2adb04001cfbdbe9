import Foundation

extension PostgresAddress {
    /// Reads a `postgres://user:password@host:port/database?sslmode=…` URL (see `PostgresAddress`).
    ///
    /// - Throws: `ParseError` code 1 with a one-sentence message naming what is wrong; the message never repeats
    ///   the URL, which may hold a password.
    public init(url: String) throws(ParseError) {
        guard let schemeEnd = url.range(of: "://"),
            ["postgres", "postgresql"].contains(url[..<schemeEnd.lowerBound].lowercased())
        else { throw Self.refusal("must start with postgres:// or postgresql://") }
        var rest = Substring(url[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = slash == rest.endIndex ? "" : rest[rest.index(after: slash)...]

        var user: Substring = ""
        var password: Substring?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                user = userInfo[..<colon]
                password = userInfo[userInfo.index(after: colon)...]
            } else {
                user = userInfo
            }
        }
        let (host, port) = try Self.hostAndPort(hostPort)
        let userName = try Self.decode(user)
        guard !userName.isEmpty else { throw Self.refusal("names no user: write postgres://user@host/database") }
        let databaseName = try Self.decode(path)
        let passwordText: String? = if let password { try Self.decode(password) } else { nil }
        self.init(
            user: userName, password: passwordText, host: host, port: port,
            database: databaseName.isEmpty ? nil : databaseName)
        try applyOptions(query)
    }

    /// The host (brackets of an IPv6 address removed, a socket folder decoded) and the port (5432 when absent).
    private static func hostAndPort(_ text: Substring) throws(ParseError) -> (String, Int) {
        var host = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw refusal("has an IPv6 host without its closing ]") }
            host = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if after.hasPrefix(":") {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw refusal("has text after its IPv6 host that is not a port")
            }
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let hostName = try decode(host)
        guard !hostName.isEmpty else { throw refusal("names no host: write postgres://user@host/database") }
        guard let portText else { return (hostName, 5432) }
        guard let port = Int(portText), (1...65_535).contains(port) else {
            throw refusal("has a port that is not a number from 1 to 65535")
        }
        return (hostName, port)
    }

    /// Sets what the query's `sslmode`, `connect_timeout`, `application_name` and `schema` say; refuses any other option.
    private mutating func applyOptions(_ query: Substring) throws(ParseError) {
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = try Self.decode(parts.count > 1 ? parts[1] : "")
            switch name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw Self.refusal("has an sslmode other than disable, prefer, require, verify-ca or verify-full")
                }
                tls = mode
            case "connect_timeout":
                guard let seconds = Int(value), seconds > 0 else {
                    throw Self.refusal("has a connect_timeout that is not a whole number of seconds above 0")
                }
                connectTimeout = .seconds(seconds)
            case "application_name":
                applicationName = value
            case "schema":
                guard !value.isEmpty else { throw Self.refusal("has an empty schema") }
                schema = value
            default:
                throw Self.refusal("has an option Parsnip does not know (\(Self.encode(name)))")
            }
        }
    }

    /// `text` with its %-escapes decoded.
    private static func decode(_ text: Substring) throws(ParseError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw refusal("has a malformed %-escape")
        }
        return decoded
    }

    /// The error for a URL that is wrong as `problem` says.
    private static func refusal(_ problem: String) -> ParseError {
        ParseError(.internalServerError, "The PostgreSQL URL \(problem).")
    }
}
