import PostgresNIO

extension PostgresAddress {
    /// postgres-nio's settings for a connection to this address (its TLS context made once, shared by all).
    ///
    /// The server shows the connections as `applicationName` (`parsnip` by default), followed by ` ` and `role`
    /// when one is given (`parsnip listener`).
    ///
    /// - Throws: `ParseError` code 1 when the TLS context cannot be made (the system's trusted certificates cannot
    ///   be read).
    func connectionConfiguration(role: String? = nil) throws(ParseError) -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if host.hasPrefix("/") {
            let socket = (host.hasSuffix("/") ? host : host + "/") + ".s.PGSQL.\(port)"
            configuration = .init(unixSocketPath: socket, username: user, password: password, database: database)
        } else {
            configuration = .init(
                host: host, port: port, username: user, password: password, database: database, tls: try tlsSetting())
        }
        configuration.options.connectTimeout = .milliseconds(Int64(PostgresBackend.milliseconds(connectTimeout)))
        let name = [applicationName ?? "parsnip", role].compactMap { $0 }.joined(separator: " ")
        configuration.options.additionalStartupParameters.append(("application_name", name))
        if let schema {
            // A quoted identifier, so the schema's name is taken as written.
            let quoted = "\"" + schema.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            configuration.options.additionalStartupParameters.append(("search_path", quoted))
        }
        return configuration
    }

    /// postgres-nio's TLS setting for `tls`: `prefer` and `require` check no certificate (as libpq), `verify-ca`
    /// checks the certificate's chain, `verify-full` its chain and host name.
    private func tlsSetting() throws(ParseError) -> PostgresConnection.Configuration.TLS {
        var settings = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable: return .disable
        case .prefer, .require: settings.certificateVerification = .none
        case .verifyCA: settings.certificateVerification = .noHostnameVerification
        case .verifyFull: settings.certificateVerification = .fullVerification
        }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: settings)
        } catch {
            throw ParseError(.internalServerError, "The TLS settings for PostgreSQL cannot be made: \(error).")
        }
        return tls == .prefer ? .prefer(context) : .require(context)
    }
}
