import Foundation

extension ParseStore {
    /// Every class `_SCHEMA` records, by name.
    public func classNames() async throws -> [String] {
        try await mapErrorsAsync {
            try await backend.read(within: nil) { db in
                guard try db.tableExists("_SCHEMA") else { return [] }
                return try db.texts(#"SELECT "className" FROM "_SCHEMA" ORDER BY "className""#)
            }
        }
    }

    /// Writes every object of `className`, from one read snapshot, to `json` as a JSON array of Parse REST objects
    /// and to `csv` as one row per object; returns how many objects it wrote.
    ///
    /// The JSON is what Parse Server's REST API answers (objectId, createdAt, updatedAt as strings, typed values
    /// as `{"__type": …}`, the ACL folded from `_rperm`/`_wperm`), except that a Relation field also lists its
    /// members, so nothing is lost: `{"__type":"Relation","className":"Author","objects":[{"__type":"Pointer",
    /// "className":"Author","objectId":"…"}]}`. Internal columns (`_hashed_password`) never leave. The CSV has
    /// objectId, createdAt and updatedAt first, then the fields by name; see `csvCell` for how values read.
    ///
    /// Objects are read a page at a time in objectId order, so memory stays flat however big the class is.
    ///
    /// - Parameter progress: called after each page with the objects written so far.
    public func exportClass(
        _ className: String, json: URL, csv: URL, pageSize: Int = 2_000,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws -> Int {
        let context = self.context
        return try await mapErrorsAsync {
            try await backend.read(within: nil) { db in
                let reader = ParseReader(db: db, context: context)
                guard let schema = try reader.schema(className) else { return 0 }
                let fieldNames = schema.fields.keys.filter { !["objectId", "createdAt", "updatedAt"].contains($0) }
                    .sorted()
                let relations = schema.fields.compactMap { name, type -> (String, String)? in
                    if case .relation(let target) = type { return (name, target) }
                    return nil
                }
                var jsonOut = try ExportFile(json)
                var csvOut = try ExportFile(csv)
                defer {
                    jsonOut.close()
                    csvOut.close()
                }
                csvOut.append(CSVText.row(["objectId", "createdAt", "updatedAt"] + fieldNames))
                jsonOut.append("[")
                var written = 0
                var last: String?
                while true {
                    var query = ParseQuery(className).order(by: "objectId").limit(pageSize)
                    if let last { query = query.where("objectId", "$gt", .string(last)) }
                    let page = try reader.find(query)
                    for var object in page {
                        for (field, target) in relations {
                            let members = try Self.members(of: object.objectId, field: field, in: className, db: db)
                            object.fields[field] = .object([
                                "__type": .string("Relation"), "className": .string(target),
                                "objects": .array(
                                    members.map { .pointer(ParsePointer(className: target, objectId: $0)) }),
                            ])
                        }
                        object.fields = object.fields.filter { !$0.key.hasPrefix("_") }
                        jsonOut.append(written == 0 ? "\n" : ",\n")
                        jsonOut.append(ParseJSON.encode(object))
                        csvOut.append(
                            CSVText.row(
                                [
                                    object.objectId, ParseDateFormat.string(from: object.createdAt),
                                    ParseDateFormat.string(from: object.updatedAt),
                                ] + fieldNames.map { CSVText.cell(object.fields[$0]) }))
                        written += 1
                    }
                    try jsonOut.flush()
                    try csvOut.flush()
                    progress(written)
                    guard page.count == pageSize, let next = page.last?.objectId else { break }
                    last = next
                }
                jsonOut.append(written == 0 ? "]\n" : "\n]\n")
                try jsonOut.flush()
                return written
            }
        }
    }

    /// The objectIds a Relation field of one object holds, in order.
    private static func members(of objectId: String, field: String, in className: String, db: any SQLConnection) throws
        -> [String]
    {
        let table = joinTableName(field: field, className: className)
        guard try db.tableExists(table) else { return [] }
        return try db.texts(
            "SELECT \"relatedId\" FROM \(quoteIdentifier(table)) WHERE \"owningId\" = ? ORDER BY \"relatedId\"",
            [.text(objectId)])
    }
}

/// A file written in large pieces: text is gathered in memory and written at each `flush`.
private struct ExportFile {
    let handle: FileHandle
    var buffer: [UInt8] = []

    init(_ url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ParseError(.internalServerError, "The file \(url.path) cannot be created.")
        }
        handle = try FileHandle(forWritingTo: url)
    }

    mutating func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func close() { try? handle.close() }
}

/// CSV as spreadsheets read it: RFC 4180 quoting, one line per object.
public enum CSVText {
    /// One line: the cells quoted where needed, ended by CRLF.
    static func row(_ cells: [String]) -> String {
        cells.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// A cell in quotes when it holds a comma, a quote or a line break (quotes doubled).
    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A value as a spreadsheet cell: text as it is, numbers and booleans as JSON writes them, dates in ISO 8601,
    /// a Pointer as its objectId, a Relation as a JSON array of its members' objectIds, anything else (arrays,
    /// objects, files, GeoPoints) as its JSON; empty when missing or null.
    ///
    /// Text that a spreadsheet would run as a formula (starting with =, +, -, @ or a tab) gets a leading `'`, the
    /// spreadsheets' own mark for "this is text".
    public static func cell(_ value: ParseValue?) -> String {
        switch value {
        case nil, .null?: return ""
        case .string(let text)?:
            guard let first = text.first, "=+-@\t\r".contains(first) else { return text }
            return "'" + text
        case .date(let date)?: return ParseDateFormat.string(from: date)
        case .pointer(let pointer)?: return pointer.objectId
        case .object(let members)? where members["__type"] == .string("Relation"):
            let ids = (members["objects"]?.arrayValue ?? []).compactMap { $0.pointerValue?.objectId }
            return ParseJSON.encode(.array(ids.map { .string($0) }))
        case let other?: return ParseJSON.encode(other)
        }
    }
}
