/// The locked type of one field, as recorded in `_SCHEMA`.
public enum ParseFieldType: Sendable, Hashable {
    case string
    case number
    case boolean
    case date
    case object
    case array
    case pointer(targetClass: String)
    case relation(targetClass: String)
    case geoPoint
    case file
    case bytes
    case polygon
    case acl

    /// Parse's name for the type in messages: `Number`, `Pointer<Genre>`, `Relation<Author>`…
    public var displayName: String {
        switch self {
        case .pointer(let target): "Pointer<\(target)>"
        case .relation(let target): "Relation<\(target)>"
        default: schemaTypeName
        }
    }
}

/// A class's fields and their locked types, as kept in `_SCHEMA`.
public struct ParseClassSchema: Sendable, Hashable {
    /// The class name.
    public var className: String
    /// Every field with its type, including objectId, createdAt, updatedAt and ACL.
    public var fields: [String: ParseFieldType]
    /// The fields whose columns Parse Server made in a form of its own (`ParseServerColumn`), by name.
    var parseServerColumns: [String: ParseServerColumn] = [:]

    public init(className: String, fields: [String: ParseFieldType]) {
        self.className = className
        self.fields = fields
    }

    /// `value` as field `name`'s column keeps it, and the placeholder that binds it there (`?`, unless Parse Server
    /// made the column).
    ///
    /// - Throws: `ParseError` 111 when the value is not of the field's type.
    func stored(_ value: ParseValue, in name: String) throws -> (placeholder: String, value: SQLValue) {
        if let column = parseServerColumns[name] { return (column.placeholder, try column.stored(value)) }
        guard let type = fields[name] else {
            throw ParseError(.internalServerError, "Internal server error: \(className) has no field \(name).")
        }
        return ("?", try type.sqlValue(for: value))
    }
}
