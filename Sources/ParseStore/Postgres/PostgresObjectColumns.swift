/// Turns the `jsonb` Object columns a database made by an earlier Parsnip has into `json`, the type Parsnip gives
/// an Object (`SQLDialect.columnType`), so that what is written from now on comes back with its keys in the order
/// written. The keys of what is already there stay in jsonb's order (jsonb kept nothing else); no value changes. A
/// column some index reads (a btree on `jsonb`, or on an expression of it, which a `json` column cannot keep) is
/// left `jsonb`, and so is every column of a database Parsnip did not make (Parse Server's, whose own queries need
/// `jsonb`): queries read both kinds (`SQLDialect.jsonValue`).
enum PostgresObjectColumns {
    /// The `jsonb` columns of Object fields of `_SCHEMA`'s classes in the store's schema that no index reads:
    /// class name, then field name.
    private static let convertible = """
        SELECT s."className", f.key FROM "_SCHEMA" s
        CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(s."schema" -> 'fields') = 'object'
            THEN s."schema" -> 'fields' ELSE '{}'::jsonb END) AS f
        JOIN pg_catalog.pg_namespace n ON n.nspname = current_schema()
        JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = s."className" AND c.relkind IN ('r', 'p')
        JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attname = f.key AND NOT a.attisdropped
        WHERE f.value ->> 'type' = 'Object' AND a.atttypid = 'jsonb'::regtype
          AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_index i ON i.indexrelid = d.objid
            WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.refclassid = 'pg_catalog.pg_class'::regclass
              AND d.refobjid = c.oid AND d.refobjsubid = a.attnum)
        ORDER BY 1, 2
        """

    /// The server setting that marks a database whose Object columns Parsnip leaves as they are: one that had no
    /// `_ServerSettings` when Parsnip first opened it (Parse Server's, or a new one, which has no `jsonb` columns).
    static let keptSetting = "postgresObjectColumnsKept"

    /// Converts every such column of a database an earlier Parsnip made; nothing to do (one catalog query, and one
    /// for the setting) once they all are `json`. Called when the store opens, inside its preparing transaction.
    ///
    /// - Parameter settingsWereThere: whether `_ServerSettings` existed before this open (a Parsnip made it).
    static func convert(_ db: any SQLConnection, settingsWereThere: Bool) throws {
        guard settingsWereThere else {
            try db.execute(
                #"INSERT INTO "_ServerSettings" ("name", "value") VALUES (?, 'yes') ON CONFLICT DO NOTHING"#,
                [.text(keptSetting)])
            return
        }
        let kept = try db.value(#"SELECT "value" FROM "_ServerSettings" WHERE "name" = ?"#, [.text(keptSetting)])
        guard kept == .null else { return }
        let columns = try db.rows(convertible, cached: false)
        for row in columns {
            guard let className = row[0].text, let field = row[1].text else { continue }
            let column = quoteIdentifier(field)
            try db.execute(
                "ALTER TABLE \(quoteIdentifier(className)) ALTER COLUMN \(column) TYPE json USING \(column)::json", [],
                cached: false)
        }
        if !columns.isEmpty {
            db.forgetTableShapes()
            try PostgresFunctions.schemaChanged(db)
        }
    }
}
