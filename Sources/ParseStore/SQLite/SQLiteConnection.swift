import Foundation
import GRDB

/// A `SQLConnection` on one GRDB `Database`: the SQLite backend's connection, for one read or one write access.
final class SQLiteConnection: SQLConnection {
    /// The GRDB connection, for what only SQLite has (backups, functions, the progress handler).
    let database: Database

    init(_ database: Database) {
        self.database = database
    }

    var dialect: SQLDialect { .sqlite }

    var identity: ObjectIdentifier { ObjectIdentifier(database) }

    func execute(_ sql: String, _ arguments: [SQLValue], cached: Bool) throws {
        if arguments.isEmpty && !cached {
            try database.execute(sql: sql)
            return
        }
        let statement = try cached ? database.cachedStatement(sql: sql) : database.makeStatement(sql: sql)
        try statement.execute(arguments: Self.arguments(arguments))
    }

    func scanRows(_ sql: String, _ arguments: [SQLValue], cached: Bool, _ body: (SQLRow) throws -> Bool) throws {
        let statement = try cached ? database.cachedStatement(sql: sql) : database.makeStatement(sql: sql)
        let columns = SQLColumns(statement.columnNames)
        let count = columns.names.count
        let cursor = try Row.fetchCursor(statement, arguments: Self.arguments(arguments))
        var values: [SQLValue] = []
        while let row = try cursor.next() {
            values.removeAll(keepingCapacity: true)
            for index in 0..<count {
                let value: DatabaseValue = row[index]
                values.append(Self.value(value))
            }
            guard try body(SQLRow(columns: columns, values: values)) else { return }
        }
    }

    var changes: Int { database.changesCount }

    var totalChanges: Int { database.totalChangesCount }

    func tableExists(_ name: String) throws -> Bool {
        try database.tableExists(name, in: "main")
    }

    func savepoint(_ body: () throws -> Bool) throws {
        try database.inSavepoint { try body() ? .commit : .rollback }
    }

    func afterTransaction(onCommit: @escaping @Sendable () -> Void, onRollback: @escaping @Sendable () -> Void) {
        database.afterNextTransaction(onCommit: { _ in onCommit() }, onRollback: { _ in onRollback() })
    }

    func forgetTableShapes() {
        database.clearSchemaCache()
    }

    /// `values` as GRDB binds them: a boolean as 0/1, a date as Parse's ISO text, JSON and text lists as JSON text.
    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(values.map(databaseValue))
    }

    /// One value as GRDB binds it.
    static func databaseValue(_ value: SQLValue) -> DatabaseValue {
        switch value {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let number): number.databaseValue
        case .text(let text), .json(let text): text.databaseValue
        case .blob(let data): data.databaseValue
        case .boolean(let flag): (flag ? 1 : 0).databaseValue
        case .date(let date): ParseDateFormat.string(from: date).databaseValue
        case .textArray(let texts): ParseJSON.encode(.array(texts.map(ParseValue.string))).databaseValue
        }
    }

    /// One value SQLite gave back.
    static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let number): .real(number)
        case .string(let text): .text(text)
        case .blob(let data): .blob(data)
        }
    }
}

extension SQLConnection {
    /// The GRDB connection beneath, when this is SQLite's (for what only SQLite has).
    var sqlite: Database? { (self as? SQLiteConnection)?.database }
}
