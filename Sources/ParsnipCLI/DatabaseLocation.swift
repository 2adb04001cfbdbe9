import Foundation

/// What `--database` may name: the path of a database file. An address such as `postgres://…` is refused in one
/// sentence, instead of becoming a folder named `postgres:`.
enum DatabaseLocation {
    /// The absolute path `value` names; exits with the sentence when `value` is an address, not a path.
    static func path(_ value: String) -> String {
        if let scheme = scheme(of: value) {
            // The address may hold a password: only its kind is repeated.
            ServeCommand.fail(
                "--database takes the path of a database file, such as data/parsnip.sqlite; a \(scheme):// address "
                    + "is not one, and this Parsnip keeps its data only in a file.")
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
