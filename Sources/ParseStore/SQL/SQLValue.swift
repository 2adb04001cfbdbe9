import Foundation

/// One value bound to, or read from, a SQL statement, in neither backend's own type.
///
/// The store encodes Parse values into these (`ParseFieldType.sqlValue(for:)`) and each backend binds them in its
/// own way: SQLite keeps a boolean as 0/1, a date as Parse's ISO text and JSON and text arrays as JSON text;
/// PostgreSQL binds `boolean`, `timestamptz`, `json` and `text[]`. Read back, SQLite gives only the first five
/// cases; PostgreSQL gives the case of the column's type.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case boolean(Bool)
    case date(Date)
    /// A JSON document, as text (bound as PostgreSQL `json`, its text kept as written).
    case json(String)
    /// A list of strings (a PostgreSQL `text[]`, as `_rperm`/`_wperm`; a JSON array of strings in SQLite).
    case textArray([String])

    /// True for `.null`.
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as text: `.text` and `.json` as they are, nil for anything else.
    var text: String? {
        switch self {
        case .text(let text), .json(let text): text
        default: nil
        }
    }

    /// The value as an integer: `.integer`, a whole `.real`, or `.boolean` as 0/1; nil for anything else.
    var integer: Int64? {
        switch self {
        case .integer(let value): value
        case .real(let value): value.rounded() == value ? Int64(exactly: value) : nil
        case .boolean(let flag): flag ? 1 : 0
        default: nil
        }
    }

    /// The value as a number: `.integer` or `.real`; nil for anything else.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// The value as a truth: `.boolean`, or a number (non-zero is true); nil for anything else.
    var boolean: Bool? {
        switch self {
        case .boolean(let flag): flag
        case .integer(let value): value != 0
        case .real(let value): value != 0
        default: nil
        }
    }

    /// The value as a moment: `.date`, or Parse's ISO text (SQLite); nil for anything else.
    var date: Date? {
        switch self {
        case .date(let date): date
        case .text(let text): ParseDateFormat.date(from: text)
        default: nil
        }
    }

    /// The value as bytes: `.blob`; nil for anything else.
    var data: Data? {
        if case .blob(let data) = self { return data }
        return nil
    }
}

/// A Swift value that is one `SQLValue` (the store's bound arguments).
protocol SQLValueConvertible {
    /// This value, to bind.
    var sqlValue: SQLValue { get }
}

extension SQLValue: SQLValueConvertible {
    var sqlValue: SQLValue { self }
}

extension String: SQLValueConvertible {
    var sqlValue: SQLValue { .text(self) }
}

extension Double: SQLValueConvertible {
    var sqlValue: SQLValue { .real(self) }
}

extension Int: SQLValueConvertible {
    var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLValueConvertible {
    var sqlValue: SQLValue { .integer(self) }
}

extension Bool: SQLValueConvertible {
    var sqlValue: SQLValue { .boolean(self) }
}

extension Data: SQLValueConvertible {
    var sqlValue: SQLValue { .blob(self) }
}

extension Optional: SQLValueConvertible where Wrapped: SQLValueConvertible {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
}
