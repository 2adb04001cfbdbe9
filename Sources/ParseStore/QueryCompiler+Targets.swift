/// Where a where key's value lives in the class table, and how operands are encoded for it.
extension QueryCompiler {
    /// The quoted join table of Relation field `field` of `parentClass`: `"_Join:field:Parent"`.
    static func joinTable(field: String, parentClass: String) -> String {
        quoteIdentifier("_Join:\(field):\(parentClass)")
    }

    /// `value` encoded like the column of a field of `type` stores it, or nil when a value of that type can never
    /// equal it (wrong type, a Pointer to another class), so that the comparison is false rather than coerced.
    static func operand(_ value: ParseValue, as type: ParseFieldType) -> SQLValue? {
        switch (type, value) {
        case (.string, .string(let text)): return text.sqlValue
        case (.number, .number(let number)): return number.sqlValue
        case (.boolean, .boolean(let flag)): return .boolean(flag)
        case (.date, .date(let date)): return .date(date)
        case (.pointer(let target), .pointer(let pointer)):
            return pointer.className == target ? pointer.objectId.sqlValue : nil
        case (.pointer(let target), .includedObject(let object)):
            return object.className == target ? object.objectId.sqlValue : nil
        case (.object, .object), (.geoPoint, .geoPoint), (.file, .file), (.bytes, .bytes), (.polygon, .polygon),
            (.array, .array):
            return try? type.sqlValue(for: value)
        default: return nil
        }
    }

    /// Where the value a where key names is stored.
    enum FieldTarget {
        /// A column of the class table.
        case column(ColumnReference)
        /// A value inside the JSON of an Object or Array column.
        case json(JSONSlot)
        /// A Relation field: membership rows in its join table.
        case relation(joinTable: String, targetClass: String)
        /// No such field (a valid name the schema does not know): compared as a missing value.
        case missing
    }

    /// A column of the class table with the type its values are encoded as.
    struct ColumnReference {
        /// The qualified column (`q0."title"`).
        let sql: String
        /// The field type deciding how operands are encoded.
        let type: ParseFieldType
        /// True for objectId, createdAt and updatedAt, which are never NULL.
        let isNonNull: Bool
    }

    /// A JSON value addressed in SQL: a member of a column's JSON, or one element while iterating with `json_each`.
    enum JSONSlot {
        /// `json_extract(document, path)`.
        case member(document: String, path: String)
        /// The current row of `json_each(document) AS alias`.
        case element(document: String, alias: String)

        /// SQL for the JSON type name (`text`, `integer`, `real`, `true`, `false`, `null`, `object`, `array`), NULL
        /// when absent.
        var typeSQL: String {
            switch self {
            case .member(let document, let path): "json_type(\(document), '\(path)')"
            case .element(_, let alias): "\(alias).type"
            }
        }

        /// SQL for the value: text, number, 0/1 for booleans, minified JSON text for objects and arrays.
        var valueSQL: String {
            switch self {
            case .member(let document, let path): "json_extract(\(document), '\(path)')"
            case .element(_, let alias): "\(alias).value"
            }
        }

        /// SQL for member `key` of this value when it is an object (NULL otherwise, never an error).
        func memberSQL(_ key: String) -> String {
            switch self {
            case .member(let document, let path): "json_extract(\(document), '\(path).\(key)')"
            case .element(let document, let alias): "json_extract(\(document), \(alias).fullkey || '.\(key)')"
            }
        }
    }
}
