import Foundation
import Parsnip

/// What `--database` (or `PARSNIP_DATABASE_URL`) may name: the path of a SQLite file, or a `postgres://` address. Any other address is refused in one sentence, instead of becoming a folder named after
/// its scheme; the address's password is never repeated.
enum DatabaseLocation {
    /// The file when none is named.
    static let defaultFile = "data/parsnip.sqlite"

    /// The database the server uses: `--database`, else `PARSNIP_DATABASE_URL`, else the default file; exits with
    /// one sentence for an address of another kind.
    static func forServer(_ option: String?) -> ParsnipSettings.Database {
        let value =
            option ?? ProcessInfo.processInfo.environment["PARSNIP_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        guard let value else { return .file(URL(fileURLWithPath: defaultFile).standardizedFileURL.path) }
        guard let scheme = scheme(of: value) else { return .file(URL(fileURLWithPath: value).standardizedFileURL.path) }
        guard ["postgres", "postgresql"].contains(scheme.lowercased()) else {
            ServeCommand.fail(
                "--database takes the path of a database file, such as data/parsnip.sqlite, or a PostgreSQL address, "
                    + "such as postgres://user@host/database; a \(scheme):// address is neither.")
        }
        return .postgres(value)
    }

    /// The database a command works on: the absolute path `value` names, or a `postgres://` address as it is;
    /// exits with one sentence for an address of another kind.
    static func forCommand(_ value: String?) -> String {
        let value = value ?? defaultFile
        if let scheme = scheme(of: value) {
            guard ["postgres", "postgresql"].contains(scheme.lowercased()) else {
                // The address may hold a password: only its kind is repeated.
                ServeCommand.fail(
                    "--database takes the path of a database file, such as data/parsnip.sqlite, or a PostgreSQL "
                        + "address, such as postgres://user@host/database; a \(scheme):// address is neither.")
            }
            return value
        }
        return URL(fileURLWithPath: value).standardizedFileURL.path
    }

    /// The scheme of a `scheme://…` address ("postgres"); nil for anything else, which is a path.
    static func scheme(of value: String) -> String? {
        guard let separator = value.range(of: "://") else { return nil }
        let scheme = value[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
        else { return nil }
        return String(scheme)
    }
}
