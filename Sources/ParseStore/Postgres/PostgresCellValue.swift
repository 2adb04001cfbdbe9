import Foundation
import PostgresNIO

/// Reads one result cell into an `SQLValue` by its column's type.
///
/// postgres-nio asks for every column in PostgreSQL's binary form. `bool` becomes `.boolean`; `int2`/`int4`/`int8`
/// `.integer`; `float4`/`float8`/`numeric` `.real`; `text`, `varchar`, `bpchar`, `name`, `"char"` and `uuid`
/// `.text`; `bytea` `.blob`; `timestamp`/`timestamptz` `.date` (to the microsecond); `json`/`jsonb` `.json`;
/// one-dimensional `text[]`/`varchar[]`/`name[]`/`bpchar[]` without NULLs `.textArray` (any other such array as its
/// text form, `{a,NULL}`). `date` and the `oid` types become their text form. Any other type whose binary form is
/// its text (enums, `citext`, `xml`) becomes `.text`; a `point` or `polygon` (Parse Server's GeoPoint and Polygon)
/// its Parse JSON; one whose binary form is not text (`interval`, other geometry, ranges) arrives as `.blob` of those
/// bytes — cast it to `text` in the query to read its text form.
enum PostgresCellValue {
    /// The value of `cell`, read as binary whatever its format says: postgres-nio asks for every result in binary,
    /// but labels the rows of a `PreparedQuery` with the format of the statement's description (text).
    static func of(_ cell: PostgresCell) -> SQLValue {
        guard var bytes = cell.bytes else { return .null }
        return known(cell.dataType, &bytes) ?? unknown(cell.bytes ?? bytes)
    }

    /// The value of a cell of a type read here, or nil when its bytes do not fit the type.
    private static func known(_ type: PostgresDataType, _ bytes: inout ByteBuffer) -> SQLValue? {
        switch type {
        case .bool: return bytes.readableBytes == 1 ? .boolean(bytes.readInteger(as: UInt8.self) != 0) : nil
        case .int2: return exactly(2, &bytes) { .integer(Int64($0.readInteger(as: Int16.self)!)) }
        case .int4: return exactly(4, &bytes) { .integer(Int64($0.readInteger(as: Int32.self)!)) }
        case .int8: return exactly(8, &bytes) { .integer($0.readInteger(as: Int64.self)!) }
        case .float4: return exactly(4, &bytes) { .real(Double(Float(bitPattern: $0.readInteger(as: UInt32.self)!))) }
        case .float8: return exactly(8, &bytes) { .real(Double(bitPattern: $0.readInteger(as: UInt64.self)!)) }
        case .numeric: return numeric(&bytes)
        case .text, .varchar, .bpchar, .name, .char, .unknown, .xml, .json: return text(type, bytes)
        case .uuid: return exactly(16, &bytes) { .text(uuid(&$0)) }
        case .bytea: return .blob(Data(bytes.readableBytesView))
        case .timestamp, .timestamptz: return exactly(8, &bytes) { .date(PostgresTimestamp.date($0.readInteger()!)) }
        case .date: return exactly(4, &bytes) { .text(day($0.readInteger(as: Int32.self)!)) }
        case .jsonb:
            guard bytes.readInteger(as: UInt8.self) == 1 else { return nil }
            return .json(String(buffer: bytes))
        case .oid, .regproc, .regclass, .regtype, .xid, .cid:
            return exactly(4, &bytes) { .text(String($0.readInteger(as: UInt32.self)!)) }
        case .textArray, .varcharArray, .nameArray, .bpcharArray: return PostgresTextArray.value(&bytes)
        case .point: return exactly(16, &bytes) { geoPoint(&$0) }
        case .polygon: return polygon(&bytes)
        default: return nil
        }
    }

    /// A cell of a type not read here: its bytes as `.text` when they are UTF-8 without a NUL (PostgreSQL text never
    /// holds one, most binary forms do), else as `.blob`.
    private static func unknown(_ bytes: ByteBuffer) -> SQLValue {
        let view = bytes.readableBytesView
        if !view.contains(0), let text = String(validating: view, as: UTF8.self) { return .text(text) }
        return .blob(Data(view))
    }

    /// `read(bytes)` when the cell holds exactly `count` bytes, else nil.
    private static func exactly(
        _ count: Int, _ bytes: inout ByteBuffer, _ read: (inout ByteBuffer) -> SQLValue
    ) -> SQLValue? {
        bytes.readableBytes == count ? read(&bytes) : nil
    }

    /// A text-like cell: `.json` for `json`, `.text` for the others.
    private static func text(_ type: PostgresDataType, _ bytes: ByteBuffer) -> SQLValue {
        type == .json ? .json(String(buffer: bytes)) : .text(String(buffer: bytes))
    }

    /// A `point` as the GeoPoint Parse Server's Postgres adapter stores in one (x the longitude, y the latitude),
    /// written as its Parse JSON, which a GeoPoint column decodes.
    private static func geoPoint(_ bytes: inout ByteBuffer) -> SQLValue {
        let longitude = Double(bitPattern: bytes.readInteger(as: UInt64.self)!)
        let latitude = Double(bitPattern: bytes.readInteger(as: UInt64.self)!)
        return .json(ParseJSON.encode(.geoPoint(ParseGeoPoint(latitude: latitude, longitude: longitude))))
    }

    /// A `polygon` as the Polygon Parse Server's Postgres adapter stores in one (each point x the longitude, y the
    /// latitude), written as its Parse JSON: each point `[latitude, longitude]`, as Parse Server answers it. Nil when
    /// the bytes are not a polygon's (a count, then that many pairs of `float8`).
    private static func polygon(_ bytes: inout ByteBuffer) -> SQLValue? {
        guard let count = bytes.readInteger(as: Int32.self), count >= 0, bytes.readableBytes == Int(count) * 16 else {
            return nil
        }
        let points = (0..<count).map { _ in
            let longitude = Double(bitPattern: bytes.readInteger(as: UInt64.self)!)
            let latitude = Double(bitPattern: bytes.readInteger(as: UInt64.self)!)
            return [latitude, longitude]
        }
        return .json(ParseJSON.encode(.polygon(points)))
    }

    /// A `numeric` as the nearest `Double` (`NaN` as not-a-number).
    private static func numeric(_ bytes: inout ByteBuffer) -> SQLValue {
        guard let decimal = try? Decimal(from: &bytes, type: .numeric, format: .binary, context: .default) else {
            return .real(.nan)
        }
        return .real(NSDecimalNumber(decimal: decimal).doubleValue)
    }

    /// A `uuid`'s 16 bytes in PostgreSQL's text form (lowercase, hyphenated).
    private static func uuid(_ bytes: inout ByteBuffer) -> String {
        let hex = bytes.readBytes(length: 16)!.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }

    /// A `date` (days since 2000-01-01) in PostgreSQL's text form, `2024-05-01` (`infinity`, `-infinity`).
    static func day(_ days: Int32) -> String {
        if days == .max { return "infinity" }
        if days == .min { return "-infinity" }
        // PostgreSQL counts from 2000-01-01, 10,957 days after 1970-01-01.
        let (year, month, day) = ParseDateFormat.civil(fromDays: Int64(days) + 10_957)
        return pad(Int(year), 4) + "-" + pad(Int(month), 2) + "-" + pad(Int(day), 2)
    }

    /// `number` with leading zeros up to `width` digits.
    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
