import Crypto
import Foundation
import OrderedCollections

/// The checksum of one part of a store (a class, the files, the settings) that is the same in SQLite and in
/// PostgreSQL when the data is: SHA-256 over a header and one line per row, the rows in key order.
///
/// Each row is written as canonical JSON: decoded to Parse values by the class's schema (so a SQLite 1 and a
/// PostgreSQL `true` are one Boolean, ISO text and `timestamptz` one Date), object keys sorted (PostgreSQL's jsonb,
/// which holds Arrays and a Parse Server's Objects, keeps its own key order), dates to the millisecond.
struct StoreChecksum {
    private var lines: [(key: String, digest: SHA256.Digest)] = []

    /// Rows added so far.
    var count: Int { lines.count }

    /// Adds one row: `key` orders it (an objectId), `text` is its canonical form.
    mutating func add(key: String, _ text: String) {
        lines.append((key, SHA256.hash(data: Data(text.utf8))))
    }

    /// The checksum in hex, over `header` and every row in key order.
    func finish(header: String) -> String {
        var hasher = SHA256()
        hasher.update(data: Data(header.utf8))
        for line in lines.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            hasher.update(data: Data("\n\(line.key)\t".utf8))
            hasher.update(data: Data(line.digest))
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The checksum of class `className` as `db` holds it: its `_SCHEMA` document, every object (every column,
    /// the password hash included) and every row of its Relation tables.
    static func ofClass(_ className: String, in db: any SQLConnection) throws -> StoreCopyReport.Part {
        guard
            let text = try db.string(
                #"SELECT "schema" FROM "_SCHEMA" WHERE "className" = ?"#, [.text(className)], cached: false)
        else { throw StoreCopyRefusal.mismatch(className) }
        let entry = try SchemaDocument.entry(className: className, text: text)
        var sum = StoreChecksum()
        if try db.tableExists(className) {
            try StoreCopier.forEachRow(of: className, by: "objectId", in: db) { row in
                sum.add(key: row["objectId"].text ?? "", try canonicalRow(row, schema: entry.schema))
            }
        }
        let objects = sum.count
        for (field, type) in entry.schema.fields.sorted(by: { $0.key < $1.key }) {
            guard case .relation = type else { continue }
            let join = joinTableName(field: field, className: className)
            guard try db.tableExists(join) else { continue }
            try db.forEachRow(#"SELECT "relatedId", "owningId" FROM \#(quoteIdentifier(join))"#, cached: false) {
                sum.add(key: "\u{1}\(field) \($0["owningId"].text ?? "") \($0["relatedId"].text ?? "")", "")
            }
        }
        let header = "class \(className)\n" + CanonicalJSON.text(.object(entry.document))
        return StoreCopyReport.Part(name: className, rows: objects, checksum: sum.finish(header: header))
    }

    /// The checksum of the kept files: every column, the bytes and previews by their own SHA-256.
    static func ofFiles(in db: any SQLConnection) throws -> StoreCopyReport.Part {
        var sum = StoreChecksum()
        if try db.tableExists(StoredFile.table) {
            try StoreCopier.forEachRow(of: StoredFile.table, by: "name", pageSize: 16, in: db) { row in
                let fields = ["contentType", "previewType", "createdAt", "unusedSince"].map { row[$0].text ?? "-" }
                let bytes = ["bytes", "preview"].map { row[$0].data.map { hex(SHA256.hash(data: $0)) } ?? "-" }
                sum.add(key: row["name"].text ?? "", (fields + bytes).joined(separator: "\t"))
            }
        }
        return StoreCopyReport.Part(name: StoredFile.table, rows: sum.count, checksum: sum.finish(header: "files"))
    }

    /// The checksum of the server settings.
    static func ofSettings(in db: any SQLConnection) throws -> StoreCopyReport.Part {
        var sum = StoreChecksum()
        try db.forEachRow(#"SELECT "name", "value" FROM "_ServerSettings""#, cached: false) { row in
            sum.add(key: row["name"].text ?? "", row["value"].text ?? "")
        }
        return StoreCopyReport.Part(
            name: ServerSettings.table, rows: sum.count, checksum: sum.finish(header: "settings"))
    }

    /// One class row as canonical JSON: identity, times, read and write lists, every field by its type, and any
    /// other column (the password hash) as it is.
    static func canonicalRow(_ row: SQLRow, schema: ParseClassSchema) throws -> String {
        var members: [String: ParseValue] = [:]
        for (column, value) in zip(row.columns.names, row.values) {
            switch column {
            case "objectId": members[column] = value.text.map(ParseValue.string) ?? .null
            case "createdAt", "updatedAt":
                members[column] = value.date.map { .string(ParseDateFormat.string(from: $0)) } ?? .null
            case "_rperm", "_wperm":
                members[column] =
                    value.isNull ? .null : .array(try ACLCoding.entities(in: value).map(ParseValue.string))
            default:
                if let type = schema.fields[column] {
                    members[column] = try type.parseValue(from: value, field: column, schema: schema) ?? .null
                } else {
                    members[column] = loose(value)
                }
            }
        }
        return CanonicalJSON.text(.object(OrderedDictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })))
    }

    /// A column the schema does not describe (the password hash, or a column an older Parsnip left), as text:
    /// the copy makes such columns `TEXT`, so what reads the same from either database is its text.
    private static func loose(_ value: SQLValue) -> ParseValue {
        looseText(value).text.map(ParseValue.string) ?? .null
    }

    /// `value` as the text a copy writes into a column the schema does not describe.
    static func looseText(_ value: SQLValue) -> SQLValue {
        switch value {
        case .null: .null
        case .text(let text), .json(let text): .text(text)
        case .integer(let number): .text(String(number))
        case .real(let number): .text(String(number))
        case .boolean(let flag): .text(flag ? "1" : "0")
        case .date(let date): .text(ParseDateFormat.string(from: date))
        case .blob(let data): .text(data.base64EncodedString())
        case .textArray(let texts): .text(ParseJSON.encode(.array(texts.map(ParseValue.string))))
        }
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }
}

/// JSON with every object's keys sorted, so one value has one text whatever order a database kept its keys in.
enum CanonicalJSON {
    /// `value` as canonical JSON text.
    static func text(_ value: ParseValue) -> String {
        ParseJSON.encode(sorted(value))
    }

    /// `value` with the keys of every object in it sorted.
    static func sorted(_ value: ParseValue) -> ParseValue {
        switch value {
        case .object(let members):
            .object(
                OrderedDictionary(
                    uniqueKeysWithValues: members.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.value)) }))
        case .array(let items): .array(items.map(sorted))
        default: value
        }
    }
}
