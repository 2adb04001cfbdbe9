import Foundation
import PostgresNIO

/// Where a PostgreSQL database is and how to sign in to it, read from a `postgres://` (or `postgresql://`) URL:
/// `postgres://user:password@host:port/database?sslmode=require`.
///
/// The user is required; the password (percent-encoded in the URL) is optional; the port defaults to 5432 and the
/// database to the user's name. A host that starts with `/` (written `%2F…`) is the folder of a Unix socket, as
/// for `psql`. Query parameters: `sslmode` (`disable`, `prefer`, `require`, `verify-ca`, `verify-full`; by
/// default `disable` for `localhost`, `127.0.0.1`, `::1` and sockets, `prefer` elsewhere; `prefer` and `require`
/// encrypt without checking the server's certificate, as libpq does), `connect_timeout` (whole seconds, default
/// 5), `application_name` and `schema` (the schema the store's tables live in, PostgreSQL's `search_path`; the
/// database's default, `public`, when absent). Anything else is refused, so a mistyped option is not silently ignored.
public struct PostgresAddress: Sendable, Hashable, CustomStringConvertible {
    /// How the connection uses TLS (libpq's `sslmode`).
    public enum TLSMode: String, Sendable, Hashable {
        /// Never: plain TCP.
        case disable
        /// TLS when the server offers it, plain otherwise; the certificate is not checked.
        case prefer
        /// TLS or no connection; the certificate is not checked.
        case require
        /// TLS with a certificate signed by a trusted authority, for any host name.
        case verifyCA = "verify-ca"
        /// TLS with a trusted certificate issued for the host's name.
        case verifyFull = "verify-full"
    }

    /// The role to sign in as.
    public var user: String
    /// The role's password, if the server asks for one.
    public var password: String?
    /// The server's host name or address, or the folder holding its Unix socket (starting with `/`).
    public var host: String
    /// The server's TCP port (also the number in the socket's file name).
    public var port: Int
    /// The database to open.
    public var database: String
    /// How the connection uses TLS.
    public var tls: TLSMode
    /// How long opening one connection may take before it counts as unreachable.
    public var connectTimeout: Duration
    /// The name the server shows for these connections (`pg_stat_activity.application_name`; `parsnip` when nil).
    public var applicationName: String?
    /// The schema the store's tables are made and read in (the connections' `search_path`); the server's default
    /// when nil.
    public var schema: String?

    /// An address from its parts; `database` defaults to `user`, `tls` as for a URL without `sslmode`.
    public init(
        user: String, password: String? = nil, host: String = "127.0.0.1", port: Int = 5432, database: String? = nil,
        tls: TLSMode? = nil, connectTimeout: Duration = .seconds(5), applicationName: String? = nil
    ) {
        self.user = user
        self.password = password
        self.host = host
        self.port = port
        self.database = database ?? user
        self.tls = tls ?? Self.defaultTLS(host: host)
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
    }

    /// `disable` for this machine and sockets, `prefer` for any other host.
    static func defaultTLS(host: String) -> TLSMode {
        let local = ["localhost", "127.0.0.1", "::1"].contains(host.lowercased()) || host.hasPrefix("/")
        return local ? .disable : .prefer
    }

    /// The address without its password: `postgres://user@host:port/database?sslmode=…`.
    public var description: String {
        let hostPart = host.hasPrefix("/") ? Self.encode(host) : host.contains(":") ? "[\(host)]" : host
        let userPart = Self.encode(user) + (password == nil ? "" : ":***")
        let schemaPart = schema.map { "&schema=" + Self.encode($0) } ?? ""
        return "postgres://\(userPart)@\(hostPart):\(port)/\(Self.encode(database))?sslmode=\(tls.rawValue)"
            + schemaPart
    }

    /// `text` percent-encoded for a URL's user, host or path part.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// The characters a URL part may hold as they are (RFC 3986's unreserved set).
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
