import OrderedCollections

/// Reads and writes the `_SCHEMA` JSON document of one class (Parse's adapter format).
enum SchemaDocument {
    /// The class-level permissions Parse reports for a class created implicitly: everything public.
    static let defaultPermissions: ParseValue = [
        "find": ["*": true], "count": ["*": true], "get": ["*": true], "create": ["*": true],
        "update": ["*": true], "delete": ["*": true], "addField": ["*": true], "protectedFields": ["*": []],
    ]

    /// A new class with only the default fields.
    static func newEntry(className: String) -> SchemaEntry {
        let stringArray: ParseValue = ["type": "Array", "contents": ["type": "String"]]
        let fields: OrderedDictionary<String, ParseValue> = [
            "objectId": ["type": "String"], "createdAt": ["type": "Date"], "updatedAt": ["type": "Date"],
            "_rperm": stringArray, "_wperm": stringArray,
        ]
        let document: OrderedDictionary<String, ParseValue> = [
            "className": .string(className), "fields": .object(fields), "classLevelPermissions": defaultPermissions,
        ]
        let schema = ParseClassSchema(
            className: className,
            fields: ["objectId": .string, "createdAt": .date, "updatedAt": .date, "ACL": .acl])
        return SchemaEntry(schema: schema, document: document)
    }

    /// Decodes a stored document.
    ///
    /// - Throws: `ParseError` 1 when the document is not a schema.
    static func entry(className: String, text: String) throws -> SchemaEntry {
        let broken = ParseError(.internalServerError, "The stored schema of \(className) is unreadable.")
        guard case .object(let document)? = try? ParseJSON.decode(text),
            case .object(let fieldDocuments)? = document["fields"]
        else { throw broken }
        var fields: [String: ParseFieldType] = ["ACL": .acl]
        // A name starting with `_` is Parse's own column, never a field (a field's name starts with a letter): the
        // ACL's `_rperm`/`_wperm`, and the `_hashed_password` Parse Server lists among `_User`'s fields.
        for (name, description) in fieldDocuments where !name.hasPrefix("_") {
            guard let type = ParseFieldType(schemaDescription: description) else { throw broken }
            fields[name] = type
        }
        return SchemaEntry(schema: ParseClassSchema(className: className, fields: fields), document: document)
    }

    /// `entry` with `newFields` added to both its schema and its document.
    static func adding(_ newFields: [(String, ParseFieldType)], to entry: SchemaEntry) -> SchemaEntry {
        var schema = entry.schema
        var document = entry.document
        var fieldDocuments = document["fields"]?.objectValue ?? [:]
        for (name, type) in newFields {
            schema.fields[name] = type
            fieldDocuments[name] = type.schemaDescription
        }
        document["fields"] = .object(fieldDocuments)
        return SchemaEntry(schema: schema, document: document)
    }
}

extension ParseFieldType {
    /// Parse's type name in `_SCHEMA` (`Pointer`, not `Pointer<Genre>`).
    var schemaTypeName: String {
        switch self {
        case .string: "String"
        case .number: "Number"
        case .boolean: "Boolean"
        case .date: "Date"
        case .object: "Object"
        case .array: "Array"
        case .pointer: "Pointer"
        case .relation: "Relation"
        case .geoPoint: "GeoPoint"
        case .file: "File"
        case .bytes: "Bytes"
        case .polygon: "Polygon"
        case .acl: "ACL"
        }
    }

    /// The field's entry in a `_SCHEMA` document: `{"type":…}` plus `targetClass` for references.
    public var schemaDescription: ParseValue {
        switch self {
        case .pointer(let target), .relation(let target):
            ["type": .string(schemaTypeName), "targetClass": .string(target)]
        default:
            ["type": .string(schemaTypeName)]
        }
    }

    /// Reads a field's entry in a `_SCHEMA` document; nil when it is not one.
    public init?(schemaDescription: ParseValue) {
        guard case .object(let members) = schemaDescription, case .string(let name)? = members["type"] else {
            return nil
        }
        let target = members["targetClass"]?.stringValue
        switch name {
        case "String": self = .string
        case "Number": self = .number
        case "Boolean": self = .boolean
        case "Date": self = .date
        case "Object": self = .object
        case "Array": self = .array
        case "Pointer":
            guard let target else { return nil }
            self = .pointer(targetClass: target)
        case "Relation":
            guard let target else { return nil }
            self = .relation(targetClass: target)
        case "GeoPoint": self = .geoPoint
        case "File": self = .file
        case "Bytes": self = .bytes
        case "Polygon": self = .polygon
        case "ACL": self = .acl
        default: return nil
        }
    }
}
