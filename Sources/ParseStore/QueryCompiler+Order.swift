import Foundation

/// `order` and `keys` of a query as SQL: the `ORDER BY` terms and the selected columns.
extension QueryCompiler {
    /// One validated `order` key.
    struct SortKey: Equatable {
        /// The field (or dotted member of an Object field) to sort by.
        var path: WhereClause.FieldPath
        /// True for a `-` prefix.
        var descending: Bool
    }

    /// The sort keys of `order` (entries may also be comma lists), with Parse's `_created_at`/`_updated_at`
    /// aliases; `$score` and empty entries are ignored.
    ///
    /// - Throws: 105 `Invalid field name: k.` for a key that is not a field name.
    static func sortKeys(_ order: [String]) throws -> [SortKey] {
        var keys: [SortKey] = []
        for entry in order {
            for part in entry.split(separator: ",") {
                var name = part.trimmingCharacters(in: .whitespaces)
                let descending = name.hasPrefix("-")
                if descending { name.removeFirst() }
                if name.isEmpty || name == "$score" { continue }
                if name == "_created_at" { name = "createdAt" }
                if name == "_updated_at" { name = "updatedAt" }
                let path = WhereClause.FieldPath(name)
                guard NameRules.isValidFieldName(path.root), WhereClauseParser.isValidWhereKey(name) else {
                    throw ParseError(.invalidKeyName, "Invalid field name: \(name).")
                }
                keys.append(SortKey(path: path, descending: descending))
            }
        }
        return keys
    }

    /// The `ORDER BY` terms for `keys`: unknown fields and Relations are skipped, repeated keys keep their first
    /// direction, and `objectId` is appended (in the direction of the last key) so that ties always come back in
    /// the same order — which also lets `-createdAt` alone walk the ("createdAt", "objectId") index.
    /// With `.ignoringCaseAndAccents`, String fields sort by their folded text (`parse_sortkey`).
    func orderTerms(_ keys: [SortKey], textOrder: ParseQuery.TextOrder = .binary) -> [String] {
        var terms: [String] = []
        var seen: Set<String> = []
        var lastDirection = "ASC"
        for key in keys {
            guard var expression = sortExpression(key.path), seen.insert(expression).inserted else { continue }
            // objectId stays binary: it is the tie-breaker, and two ids may differ only in case.
            if textOrder == .ignoringCaseAndAccents, key.path.members.isEmpty, key.path.root != "objectId",
                columnType(key.path.root) == .string
            {
                expression = "\(StoreFunctions.sortKeyName)(\(expression))"
            }
            lastDirection = key.descending ? "DESC" : "ASC"
            // Unset values sort first, as SQLite sorts NULL (PostgreSQL's own default puts them last); the
            // indexes PostgreSQL walks are made in that order (`SQLDialect.indexColumn`).
            let nulls =
                db.dialect == .postgres && !WhereClause.nonNullColumns.contains(key.path.root)
                ? (key.descending ? " NULLS LAST" : " NULLS FIRST") : ""
            terms.append("\(expression) \(lastDirection)\(nulls)")
        }
        if !seen.contains(column("objectId")) { terms.append("\(column("objectId")) \(lastDirection)") }
        return terms
    }

    /// The SQL a key sorts by, or nil when the class has no such column.
    private func sortExpression(_ path: WhereClause.FieldPath) -> String? {
        guard let type = columnType(path.root) else { return nil }
        if path.members.isEmpty { return columnValue(path.root, of: type) }
        guard case .json(let slot) = target(of: path) else { return nil }
        return type == .object || type == .array ? slot.value : nil
    }

    /// The columns to select for `keys` (nil: every column): objectId, createdAt, updatedAt and the ACL columns
    /// always, plus the root field of each key that has a column.
    func selectedColumns(_ keys: [String]?) -> String {
        guard let keys else { return alias + ".*" }
        var names = ["objectId", "createdAt", "updatedAt", "_rperm", "_wperm"]
        for key in keys {
            let root = WhereClause.FieldPath(key).root
            if columnType(root) != nil, !names.contains(root) { names.append(root) }
        }
        return names.map(column).joined(separator: ", ")
    }
}
