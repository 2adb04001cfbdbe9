/// Turns the `jsonb` Object columns a database already has (made by the previous Parsnip, or by Parse Server) into
/// `json`, the type Parsnip gives an Object (`SQLDialect.columnType`), so that what is written from now on comes
/// back with its keys in the order written. The keys of what is already there stay in jsonb's order (jsonb kept
/// nothing else); no value changes. A column some index reads (a btree on `jsonb`, or on an expression of it,
/// which a `json` column cannot keep) is left `jsonb`: queries read both kinds (`SQLDialect.jsonValue`).
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

    /// Converts every such column; nothing to do (one catalog query) once they all are `json`. Called when the
    /// store opens, inside its preparing transaction.
    static func convert(_ db: any SQLConnection) throws {
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
