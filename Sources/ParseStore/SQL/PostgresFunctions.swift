/// What a PostgreSQL database needs before it holds a store: `_SCHEMA` in Parse Server's shape, the schema's
/// version counter, and the SQL functions the store's queries call (SQLite's are registered on each connection by
/// `StoreFunctions`).
enum PostgresFunctions {
    /// Makes whatever is missing; harmless on a database that has it all.
    static func prepare(_ db: any SQLConnection) throws {
        // Parse Server's `_SCHEMA`: the class name, its schema document as `jsonb`, and whether Parse made it.
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS "_SCHEMA" (
                "className" varchar(120) PRIMARY KEY NOT NULL, "schema" jsonb NOT NULL, "isParseClass" boolean)
            """)
        // Moved by every change of a class (`SchemaCache.recordPending`, `deleteClass`): a connection compares it
        // with the version its cached schemas belong to, as SQLite's schema cookie is compared.
        try db.execute(#"CREATE TABLE IF NOT EXISTS "_SchemaVersion" ("version" bigint NOT NULL)"#)
        try db.execute(
            #"INSERT INTO "_SchemaVersion" ("version") SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM "_SchemaVersion")"#)
        // unaccent is a trusted extension (PostgreSQL 13 on): a database's owner may make it. It may live in
        // another schema than the store's (one extension a database), so the functions name its schema.
        try db.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
        let extensionSchema = quoteIdentifier(
            try db.string(
                "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent'") ?? "public")
        try db.execute(
            """
            CREATE OR REPLACE FUNCTION parse_lower(text) RETURNS text
                LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT lower($1) $$
            """)
        // Immutable (so an index may use it) by naming unaccent's dictionary, as its documentation suggests.
        try db.execute(
            """
            CREATE OR REPLACE FUNCTION parse_sortkey(text) RETURNS text
                LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
                AS $$ SELECT lower(\(extensionSchema).unaccent('\(extensionSchema).unaccent'::regdictionary, $1)) $$
            """)
        // `$regex` through PostgreSQL's own regular expressions, with Parse's options i, m, s and x as embedded
        // options (the pattern was already checked by `BoundedRegex`).
        try db.execute(
            """
            CREATE OR REPLACE FUNCTION parse_regexp(pattern text, options text, subject text) RETURNS boolean
                LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
                SELECT subject ~ ('(?' || 'p'
                    || CASE WHEN strpos(options, 'i') > 0 THEN 'i' ELSE '' END
                    || CASE WHEN strpos(options, 'm') > 0 THEN 'w' ELSE '' END
                    || CASE WHEN strpos(options, 's') > 0 THEN 's' ELSE '' END
                    || CASE WHEN strpos(options, 'x') > 0 THEN 'x' ELSE '' END
                    || ')' || pattern)
            $$
            """)
    }

    /// Moves the schema's version, inside the transaction that changed a class.
    static func schemaChanged(_ db: any SQLConnection) throws {
        try db.execute(#"UPDATE "_SchemaVersion" SET "version" = "version" + 1"#, [], cached: true)
        db.snapshotMemo?.values.removeValue(forKey: schemaVersionKey)
    }

    /// The memo key of the schema's version (`SchemaCache.schemaVersion`), which a write transaction keeps until it
    /// moves the version itself: every write holds the store's lock, so no other can move it meanwhile.
    static let schemaVersionKey = "schemaVersion"
}
