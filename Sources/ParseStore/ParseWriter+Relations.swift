import GRDB

extension ParseWriter {
    /// Adds and removes the join rows a write's `AddRelation`/`RemoveRelation` edits ask for (idempotent both
    /// ways: existing rows are kept, absent rows ignored).
    func applyRelationEdits(_ plan: WritePlan, className: String, objectId: String) throws {
        for field in plan.fields {
            guard case .relation(let added, let removed) = field.edit else { continue }
            let join = quoteIdentifier(joinTableName(field: field.name, className: className))
            if !added.isEmpty {
                let statement = try db.cachedStatement(
                    sql: "INSERT OR IGNORE INTO \(join) (\"relatedId\", \"owningId\") VALUES (?, ?)")
                for relatedId in added { try statement.execute(arguments: [relatedId, objectId]) }
            }
            if !removed.isEmpty {
                let statement = try db.cachedStatement(
                    sql: "DELETE FROM \(join) WHERE \"relatedId\" = ? AND \"owningId\" = ?")
                for relatedId in removed { try statement.execute(arguments: [relatedId, objectId]) }
            }
        }
    }
}
