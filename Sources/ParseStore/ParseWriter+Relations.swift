extension ParseWriter {
    /// Adds and removes the join rows a write's `AddRelation`/`RemoveRelation` edits ask for (idempotent both
    /// ways: existing rows are kept, absent rows ignored).
    func applyRelationEdits(_ plan: WritePlan, className: String, objectId: String) throws {
        for field in plan.fields {
            guard case .relation(let added, let removed) = field.edit else { continue }
            let join = quoteIdentifier(joinTableName(field: field.name, className: className))
            if !added.isEmpty {
                let sql = "INSERT INTO \(join) (\"relatedId\", \"owningId\") VALUES (?, ?) ON CONFLICT DO NOTHING"
                for relatedId in added { try db.execute(sql, [.text(relatedId), .text(objectId)], cached: true) }
            }
            if !removed.isEmpty {
                let sql = "DELETE FROM \(join) WHERE \"relatedId\" = ? AND \"owningId\" = ?"
                for relatedId in removed { try db.execute(sql, [.text(relatedId), .text(objectId)], cached: true) }
            }
        }
    }
}
