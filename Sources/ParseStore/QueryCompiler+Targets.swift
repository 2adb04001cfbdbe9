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

    /// A JSON value addressed in SQL: a member of a column's JSON, or one element while iterating an Array
    /// column's elements (`QueryCompiler.anyElement`).
    struct JSONSlot {
        /// Where the value is.
        enum Place {
            /// The member at `path` of `document`: member names, and first an element's position as digits when
            /// `startsAtPosition` (the document is an array).
            case member(document: String, path: [String], startsAtPosition: Bool)
            /// The current element of the array `document`, iterated as `alias`.
            case element(document: String, alias: String)
        }

        let place: Place
        let dialect: SQLDialect

        static func member(document: String, path: [String], startsAtPosition: Bool, dialect: SQLDialect) -> JSONSlot {
            JSONSlot(
                place: .member(document: document, path: path, startsAtPosition: startsAtPosition), dialect: dialect)
        }

        static func element(document: String, alias: String, dialect: SQLDialect) -> JSONSlot {
            JSONSlot(place: .element(document: document, alias: alias), dialect: dialect)
        }

        /// The SQLite JSON path of a member (`$.a.b`, `$[0].b` for an element's position).
        private static func sqlitePath(_ path: [String], startsAtPosition: Bool) -> String {
            var text = "$"
            for (index, member) in path.enumerated() {
                if index == 0, startsAtPosition, let position = Int(member) {
                    text += "[\(position)]"
                } else {
                    text += "." + member
                }
            }
            return text
        }

        /// A PostgreSQL text-array path literal (`'{"a","b"}'`).
        private static func postgresPath(_ path: [String]) -> String {
            let members = path.map { member in
                "\"" + member.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    + "\""
            }
            return "'{" + members.joined(separator: ",").replacingOccurrences(of: "'", with: "''") + "}'"
        }

        /// PostgreSQL: the value as `jsonb` (NULL when absent).
        private var jsonb: String {
            switch place {
            case .member(let document, let path, _): "(\(document) #> \(Self.postgresPath(path)))"
            case .element(_, let alias): "\(alias).value"
            }
        }

        /// SQL for the JSON type name, NULL when absent: SQLite's names (`text`, `integer`, `real`, `true`,
        /// `false`, `null`, `object`, `array`) or PostgreSQL's (`string`, `number`, `boolean`, `null`, `object`,
        /// `array`).
        private var typeSQL: String {
            switch (dialect, place) {
            case (.sqlite, .member(let document, let path, let position)):
                "json_type(\(document), '\(Self.sqlitePath(path, startsAtPosition: position))')"
            case (.sqlite, .element(_, let alias)): "\(alias).type"
            case (.postgres, _): "jsonb_typeof(\(jsonb))"
            }
        }

        /// True when the value is a string.
        var isText: String { typeSQL + (dialect == .sqlite ? " = 'text'" : " = 'string'") }

        /// True when the value is a number.
        var isNumber: String { typeSQL + (dialect == .sqlite ? " IN ('integer', 'real')" : " = 'number'") }

        /// True when the value is the boolean `flag`.
        func isBoolean(_ flag: Bool) -> String {
            switch dialect {
            case .sqlite: "\(typeSQL) = '\(flag)'"
            case .postgres: "\(jsonb) = '\(flag)'::jsonb"
            }
        }

        /// True when the value is an object.
        var isObject: String { typeSQL + " = 'object'" }

        /// True when the value is an object or an array.
        var isObjectOrArray: String { typeSQL + " IN ('object', 'array')" }

        /// True when the value is JSON null or absent.
        var isNullOrAbsent: String { "COALESCE(\(typeSQL), 'null') = 'null'" }

        /// SQL for a string value's text (compare only after `isText`).
        var text: String {
            switch (dialect, place) {
            case (.sqlite, _): value
            case (.postgres, _): "(\(jsonb) #>> '{}')"
            }
        }

        /// SQL for a number value (NULL for anything else; compare only after `isNumber`).
        var number: String {
            switch dialect {
            case .sqlite: value
            case .postgres: "(CASE WHEN \(isNumber) THEN (\(jsonb) #>> '{}')::double precision END)"
            }
        }

        /// SQL for the value as SQLite gives it (text, number, 0/1, minified JSON), or as `jsonb` in PostgreSQL: what
        /// a sort orders by.
        var value: String {
            switch (dialect, place) {
            case (.sqlite, .member(let document, let path, let position)):
                "json_extract(\(document), '\(Self.sqlitePath(path, startsAtPosition: position))')"
            case (.sqlite, .element(_, let alias)): "\(alias).value"
            case (.postgres, _): jsonb
            }
        }

        /// True when the value is an object or array equal to the JSON bound as the one argument.
        var equalsBoundJSON: String {
            switch dialect {
            case .sqlite: "(\(isObjectOrArray) AND \(value) = json(?))"
            case .postgres: "(\(isObjectOrArray) AND \(jsonb) = \(dialect.jsonOperand))"
            }
        }

        /// SQL for the text of member `key` of this value when it is an object (NULL otherwise, never an error).
        func member(_ key: String) -> String {
            switch (dialect, place) {
            case (.sqlite, .member(let document, let path, let position)):
                "json_extract(\(document), '\(Self.sqlitePath(path, startsAtPosition: position)).\(key)')"
            case (.sqlite, .element(let document, let alias)):
                "json_extract(\(document), \(alias).fullkey || '.\(key)')"
            case (.postgres, _): "(\(jsonb) ->> '\(key.replacingOccurrences(of: "'", with: "''"))')"
            }
        }
    }
}
