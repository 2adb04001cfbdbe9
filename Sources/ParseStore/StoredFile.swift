import Foundation

/// A file kept inside the database, beside the classes (Parse's files, here in the same SQLite file, so one backup
/// holds them): its bytes, its content type and, for a photo, an optional small preview.
///
/// Objects refer to a file with a File value, `{"__type":"File","name":…}`; only the name is stored in the object.
public struct StoredFile: Sendable, Hashable {
    /// The unique name a File value carries, e.g. `3f2a…_pancakes.jpg`.
    public var name: String
    /// The MIME type it is served with, e.g. `image/jpeg`.
    public var contentType: String
    public var bytes: Data
    /// A small version for lists (a thumbnail), when one was made; nil otherwise.
    public var preview: Data?
    /// The preview's MIME type; nil without a preview.
    public var previewType: String?

    public init(name: String, contentType: String, bytes: Data, preview: Data? = nil, previewType: String? = nil) {
        self.name = name
        self.contentType = contentType
        self.bytes = bytes
        self.preview = preview
        self.previewType = previewType
    }

    /// The table the files live in: its name starts with `_`, which no Parse class a client creates may, so it
    /// never shows as a class.
    static let table = "_Files"

    /// Makes the files table when the database has none (a new database, or a backup from before files).
    static func prepare(_ db: any SQLConnection) throws {
        let bytes = db.dialect == .sqlite ? "BLOB" : "bytea"
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS "_Files" (
                "name" TEXT PRIMARY KEY NOT NULL, "contentType" TEXT NOT NULL, "bytes" \(bytes) NOT NULL,
                "preview" \(bytes), "previewType" TEXT, "createdAt" TEXT NOT NULL, "unusedSince" TEXT)
            """)
    }
}

extension ParseReader {
    /// The file called `name`, with its bytes; nil when there is none.
    public func file(named name: String) throws -> StoredFile? {
        guard
            let row = try db.row(
                #"SELECT "name", "contentType", "bytes", "preview", "previewType" FROM "_Files" WHERE "name" = ?"#,
                [.text(name)]),
            let storedName = row["name"].text, let contentType = row["contentType"].text, let bytes = row["bytes"].data
        else { return nil }
        return StoredFile(
            name: storedName, contentType: contentType, bytes: bytes, preview: row["preview"].data,
            previewType: row["previewType"].text)
    }

    /// The names of every kept file, in order.
    public func fileNames() throws -> [String] {
        guard try db.tableExists(StoredFile.table) else { return [] }
        return try db.texts(#"SELECT "name" FROM "_Files" ORDER BY "name""#)
    }

    /// True when a file called `name` is kept.
    public func hasFile(named name: String) throws -> Bool {
        try db.bool(#"SELECT EXISTS (SELECT 1 FROM "_Files" WHERE "name" = ?)"#, [.text(name)])
            ?? false
    }
}

extension ParseWriter {
    /// Keeps `file`; a file of that name already kept is left as it is (names are unique, and a file never
    /// changes once kept). It counts as unused until an object's File value names it.
    public func save(_ file: StoredFile) throws {
        let now = SQLValue.text(ParseDateFormat.string(from: context.timestamp()))
        try db.execute(
            """
            INSERT INTO "_Files" ("name", "contentType", "bytes", "preview", "previewType", "createdAt", "unusedSince")
            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("name") DO NOTHING
            """,
            [
                .text(file.name), .text(file.contentType), .blob(file.bytes), file.preview.sqlValue,
                file.previewType.sqlValue, now, now,
            ])
    }

    /// Notes that an object's File value names `name` again, so the sweep keeps it from now on.
    func markFileInUse(_ name: String) throws {
        try db.execute(
            #"UPDATE "_Files" SET "unusedSince" = NULL WHERE "name" = ? AND "unusedSince" IS NOT NULL"#, [.text(name)])
    }

    /// Removes the files no object has named for longer than `unusedFor` seconds, and starts the clock on those
    /// that just stopped being named; returns how many were removed.
    ///
    /// A file is named when a top-level File field of any class holds its name. The time allowed is for what still
    /// remembers a name elsewhere (a change history, a trash) to be able to bring it back.
    @discardableResult
    public func sweepFiles(unusedFor: TimeInterval) throws -> Int {
        let now = context.timestamp()
        var named: Set<String> = []
        for className in try db.texts(#"SELECT "className" FROM "_SCHEMA""#) {
            guard try db.tableExists(className), let schema = try context.schemas.schema(className, in: db) else {
                continue
            }
            for (field, type) in schema.fields where type == .file {
                let column = quoteIdentifier(field)
                // `->> 'name'`: the member's text, in SQLite (3.38 on) and PostgreSQL alike; a column Parse Server
                // made holds the name itself.
                let name = schema.parseServerColumns[field] == .fileName ? column : "\(column) ->> 'name'"
                let names = try db.texts(
                    """
                    SELECT \(name) FROM \(quoteIdentifier(className))
                    WHERE \(column) IS NOT NULL
                    """)
                named.formUnion(names)
            }
        }
        let stamp = ParseDateFormat.string(from: now)
        let cutoff = ParseDateFormat.string(from: now.addingTimeInterval(-unusedFor))
        var removed = 0
        for row in try db.rows(#"SELECT "name", "unusedSince" FROM "_Files""#) {
            guard let name = row["name"].text else { continue }
            let unusedSince = row["unusedSince"].text
            if named.contains(name) {
                if unusedSince != nil { try markFileInUse(name) }
            } else if let unusedSince {
                if unusedSince < cutoff {
                    try db.execute(#"DELETE FROM "_Files" WHERE "name" = ?"#, [.text(name)])
                    removed += 1
                }
            } else {
                try db.execute(
                    #"UPDATE "_Files" SET "unusedSince" = ? WHERE "name" = ?"#, [.text(stamp), .text(name)])
            }
        }
        return removed
    }
}
