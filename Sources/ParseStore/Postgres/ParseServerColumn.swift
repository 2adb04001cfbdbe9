/// A column that Parse Server's Postgres adapter made for a field, where Parsnip would have made `jsonb`: a File
/// kept as its name in `text`, a GeoPoint as a `point` (x the longitude), a Polygon as a `polygon` (each point x the
/// longitude), an Array of Strings as `text[]`.
///
/// A class's such columns are found when its schema is read (`read(_:in:)`). Writes store each value in the
/// column's own form (`stored(_:)`) and queries read it as the JSON Parsnip's own column would hold
/// (`jsonExpression(_:)`), so a database Parse Server wrote is read and written as Parse Server itself would.
enum ParseServerColumn: Sendable, Hashable {
    case fileName
    case point
    case polygon
    case textArray

    /// The form Parse Server gives `type` in a column of PostgreSQL type `typeName`; nil for any other pairing
    /// (Parsnip's own `jsonb`/`json` columns among them).
    init?(_ type: ParseFieldType, typeName: String) {
        switch (type, typeName) {
        case (.file, "text"): self = .fileName
        case (.geoPoint, "point"): self = .point
        case (.polygon, "polygon"): self = .polygon
        case (.array, "_text"): self = .textArray
        default: return nil
        }
    }

    /// The columns of `schema`'s table in such forms, by field name: one query, made only on PostgreSQL and only
    /// for a class with a File, GeoPoint, Polygon or Array field.
    static func read(_ schema: ParseClassSchema, in db: any SQLConnection) throws -> [String: ParseServerColumn] {
        guard db.dialect == .postgres,
            schema.fields.values.contains(where: { [.file, .geoPoint, .polygon, .array].contains($0) })
        else { return [:] }
        var columns: [String: ParseServerColumn] = [:]
        try db.scanRows(
            """
            SELECT a.attname AS "name", t.typname AS "type" FROM pg_catalog.pg_attribute a
            JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
            WHERE a.attrelid = to_regclass(quote_ident(current_schema()) || '.' || quote_ident(?))
            AND a.attnum > 0 AND NOT a.attisdropped AND t.typname IN ('text', 'point', 'polygon', '_text')
            """, [.text(schema.className)], cached: true
        ) { row in
            if let name = row["name"].text, let typeName = row["type"].text, let type = schema.fields[name],
                let column = ParseServerColumn(type, typeName: typeName)
            {
                columns[name] = column
            }
            return true
        }
        return columns
    }

    /// The placeholder that binds a value of this column (`?`, cast where the bound text must become the column's
    /// type).
    var placeholder: String {
        switch self {
        case .fileName, .textArray: "?"
        case .point: "CAST(? AS point)"
        case .polygon: "CAST(? AS polygon)"
        }
    }

    /// `value` as this column keeps it, bound through `placeholder`.
    ///
    /// - Throws: `ParseError` 111 when the value is not of the column's type, or an Array holds anything but
    ///   Strings (a `text[]` holds nothing else).
    func stored(_ value: ParseValue) throws -> SQLValue {
        switch (self, value) {
        case (_, .null): return .null
        case (.fileName, .file(let name, _)): return .text(name)
        case (.point, .geoPoint(let point)): return .text("(\(point.longitude),\(point.latitude))")
        case (.polygon, .polygon(let points)) where points.allSatisfy({ $0.count == 2 }):
            return .text("(" + points.map { "(\($0[1]),\($0[0]))" }.joined(separator: ",") + ")")
        case (.textArray, .array(let items)):
            let texts = items.compactMap(\.stringValue)
            guard texts.count == items.count else {
                throw ParseError(.incorrectType, "this Array holds only Strings (Parse Server made it a text[])")
            }
            return .textArray(texts)
        default:
            let got = ParseFieldType(of: value)?.displayName ?? "null"
            throw ParseError(.incorrectType, "expected \(expected) but got \(got)")
        }
    }

    /// The Parse type this column holds, as an error names it.
    private var expected: String {
        switch self {
        case .fileName: "File"
        case .point: "GeoPoint"
        case .polygon: "Polygon"
        case .textArray: "Array"
        }
    }

    /// The SQL reading `column` as the `jsonb` Parsnip's own column would hold (NULL stays NULL), for queries.
    func jsonExpression(_ column: String) -> String {
        switch self {
        case .fileName:
            "(CASE WHEN \(column) IS NULL THEN NULL ELSE jsonb_build_object('__type', 'File', 'name', \(column)) END)"
        case .point:
            "(CASE WHEN \(column) IS NULL THEN NULL ELSE jsonb_build_object('__type', 'GeoPoint', 'latitude', "
                + "(\(column))[1], 'longitude', (\(column))[0]) END)"
        case .polygon:
            // A polygon's text is `((x1,y1),(x2,y2),…)`: its points, each turned into [latitude, longitude].
            "(CASE WHEN \(column) IS NULL THEN NULL ELSE jsonb_build_object('__type', 'Polygon', 'coordinates', "
                + "(SELECT jsonb_agg(jsonb_build_array(split_part(p, ',', 2)::float8, split_part(p, ',', 1)::float8)"
                + " ORDER BY n) FROM unnest(string_to_array(btrim(\(column)::text, '()'), '),(')) "
                + "WITH ORDINALITY AS points(p, n))) END)"
        case .textArray:
            "to_jsonb(\(column))"
        }
    }
}
