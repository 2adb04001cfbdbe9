import Foundation
import PostgresNIO

/// One bound `SQLValue` in PostgreSQL's binary format, typed as the value's case says: integer `int8`, real
/// `float8`, text `text`, blob `bytea`, boolean `bool`, date `timestamptz`, JSON `json`, text array `text[]`.
///
/// The type goes to the server with the statement, so `?` takes the value's type (compare a `text` column with
/// `.text`). JSON goes as `json`, whose text the server keeps as sent: an Object column (`json`) stores its keys
/// in the order written, and a `jsonb` column (`_SCHEMA`, a Parse Server table) takes it by assignment. To compare
/// with JSON, write `CAST(? AS jsonb)` (`SQLDialect.jsonOperand`): `json` has no `=`. NULL is bound as a value of no stated type (`PostgresBindings.appendNull`),
/// which the server reads as the type the statement needs there.
struct PostgresArgument: PostgresDynamicTypeEncodable {
    /// The value; never `.null`.
    let value: SQLValue

    /// `arguments` as the bindings of one statement.
    static func bindings(_ arguments: [SQLValue]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            if argument.isNull {
                bindings.appendNull()
            } else {
                bindings.append(PostgresArgument(value: argument))
            }
        }
        return bindings
    }

    /// `value` as a legacy `PostgresData`, the form postgres-nio's `PreparedQuery` binds (NULL of no stated type).
    static func data(_ value: SQLValue) -> PostgresData {
        guard !value.isNull else { return .null }
        let argument = PostgresArgument(value: value)
        var buffer = ByteBuffer()
        argument.encode(into: &buffer, context: .default)
        return PostgresData(type: argument.psqlType, formatCode: .binary, value: buffer)
    }

    /// The type a prepared statement's placeholder is cast to for `value` (`$1::int8`), so the server takes the
    /// binary value in the type it is sent in; nil for NULL, whose type the server infers.
    static func cast(_ value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case .integer: "int8"
        case .real: "float8"
        case .text: "text"
        case .blob: "bytea"
        case .boolean: "bool"
        case .date: "timestamptz"
        case .json: "json"
        case .textArray: "text[]"
        }
    }

    var psqlType: PostgresDataType {
        switch value {
        case .null: .null
        case .integer: .int8
        case .real: .float8
        case .text: .text
        case .blob: .bytea
        case .boolean: .bool
        case .date: .timestamptz
        case .json: .json
        case .textArray: .textArray
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        switch value {
        case .null: break
        case .integer(let number): buffer.writeInteger(number)
        case .real(let number): buffer.writeInteger(number.bitPattern)
        case .text(let text): buffer.writeString(text)
        case .blob(let data): buffer.writeBytes(data)
        case .boolean(let flag): buffer.writeInteger(UInt8(flag ? 1 : 0))
        case .date(let date): buffer.writeInteger(PostgresTimestamp.microseconds(of: date))
        case .json(let text):
            // json's binary form is its text.
            buffer.writeString(text)
        case .textArray(let texts): Self.writeTextArray(texts, into: &buffer)
        }
    }

    /// A one-dimensional `text[]` in binary form: dimensions, a no-NULLs flag, the element type, the length and
    /// lower bound (1), then each element's length and bytes. An empty array has no dimensions.
    private static func writeTextArray(_ texts: [String], into buffer: inout ByteBuffer) {
        buffer.writeInteger(Int32(texts.isEmpty ? 0 : 1))
        buffer.writeInteger(Int32(0))
        buffer.writeInteger(PostgresDataType.text.rawValue)
        guard !texts.isEmpty else { return }
        buffer.writeInteger(Int32(texts.count))
        buffer.writeInteger(Int32(1))
        for text in texts {
            let lengthIndex = buffer.writerIndex
            buffer.writeInteger(Int32(0))
            let written = buffer.writeString(text)
            buffer.setInteger(Int32(written), at: lengthIndex)
        }
    }
}

/// PostgreSQL's `timestamp` and `timestamptz` binary form: microseconds since 2000-01-01 00:00 UTC.
///
/// Dates are counted from Foundation's reference date (2001-01-01), as `ParseDateFormat` builds them, so a date of
/// whole milliseconds comes back as the very `Date` that `ParseDateFormat.date(milliseconds:)` gives.
enum PostgresTimestamp {
    /// Microseconds from 2000-01-01 to 2001-01-01 (366 days).
    static let referenceOffset: Int64 = 31_622_400_000_000

    /// `date` to the nearest microsecond; a date too far off for PostgreSQL as `infinity` or `-infinity`.
    static func microseconds(of date: Date) -> Int64 {
        let micros = (date.timeIntervalSinceReferenceDate * 1_000_000).rounded()
        guard micros.isFinite, micros.magnitude < 9e18 else { return micros < 0 ? .min : .max }
        return Int64(micros) + referenceOffset
    }

    /// The date `microseconds` stands for; PostgreSQL's `infinity` and `-infinity` as the distant future and past.
    static func date(_ microseconds: Int64) -> Date {
        if microseconds == .max { return .distantFuture }
        if microseconds == .min { return .distantPast }
        return Date(timeIntervalSinceReferenceDate: Double(microseconds - referenceOffset) / 1_000_000)
    }
}
