/// Parse's rules for class and field names, plus identifier quoting for SQL.
enum NameRules {
    /// The longest class or field name accepted, in UTF-8 bytes (Postgres' identifier limit, as Parse recommends).
    static let maximumLength = 63

    /// System classes whose names start with `_`.
    static let systemClasses: Set<String> = [
        "_User", "_Installation", "_Role", "_Session", "_Product", "_PushStatus", "_JobStatus", "_JobSchedule",
        "_Audience", "_Idempotency", "_Hooks", "_GlobalConfig", "_GraphQLConfig",
        // Parsnip's own: deleted objects kept for restoring, and the change history of every record.
        "_Trash", "_History",
    ]

    /// Columns every class table has; they are never user fields.
    static let builtinColumns: Set<String> = ["objectId", "createdAt", "updatedAt", "_rperm", "_wperm"]

    /// True when `name` matches `^[A-Za-z][A-Za-z0-9_]*$`.
    static func isIdentifier(_ name: String) -> Bool {
        var first = true
        for byte in name.utf8 {
            let isLetter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if first {
                guard isLetter else { return false }
                first = false
            } else {
                guard isLetter || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F else { return false }
            }
        }
        return !first
    }

    /// True when `className` may hold objects: an identifier of at most 63 bytes or a system class, and not a
    /// name SQLite keeps for itself.
    static func isValidClassName(_ className: String) -> Bool {
        if systemClasses.contains(className) { return true }
        guard className.utf8.count <= maximumLength, isIdentifier(className) else { return false }
        return !className.lowercased().hasPrefix("sqlite_")
    }

    /// Throws 103 unless `className` is a valid class name.
    static func validateClassName(_ className: String) throws {
        guard isValidClassName(className) else { throw invalidClassName(className) }
    }

    /// Parse's 103 for a bad class name.
    static func invalidClassName(_ className: String) -> ParseError {
        ParseError(
            .invalidClassName,
            "Invalid classname: \(className), classnames can only have alphanumeric characters and _, "
                + "and must start with an alpha character ")
    }

    /// True when `field` may be a user field: an identifier of at most 63 bytes, not `length` or `className`.
    static func isValidFieldName(_ field: String) -> Bool {
        field.utf8.count <= maximumLength && isIdentifier(field) && field != "length" && field != "className"
    }

    /// Throws 105 unless `field` may be written by a client (reserved names included).
    static func validateWritableField(_ field: String) throws {
        switch field {
        case "objectId", "createdAt", "updatedAt", "id":
            throw ParseError(.invalidKeyName, "\(field) is an invalid field name.")
        default:
            guard isValidFieldName(field) else { throw ParseError(.invalidKeyName, "Invalid field name: \(field).") }
        }
    }
}

/// `name` as an SQL identifier: wrapped in double quotes, embedded quotes doubled.
func quoteIdentifier(_ name: String) -> String {
    guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
    var quoted = "\""
    for character in name.unicodeScalars {
        quoted.unicodeScalars.append(character)
        if character == "\"" { quoted.unicodeScalars.append(character) }
    }
    return quoted + "\""
}
