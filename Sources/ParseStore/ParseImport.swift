import Foundation
import OrderedCollections

/// One object read from a Parse JSON file (our export, a Parse Dashboard export or a REST answer), ready to import
/// with its own objectId and timestamps.
public struct ImportedObject: Sendable, Hashable {
    /// nil when the file gave none: the import draws a new one.
    public var objectId: String?
    public var createdAt: Date?
    public var updatedAt: Date?
    /// Every other member as a write would set it: typed values decoded, a Relation with its members as
    /// `.addRelation`, one without as `.set(.relation)`.
    public var operations: [String: ParseUpdate]

    /// An object to import: what a file gave, or what a reader of another app's file made.
    public init(objectId: String?, createdAt: Date?, updatedAt: Date?, operations: [String: ParseUpdate]) {
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.operations = operations
    }

    /// The members' names, for telling apart the fields Parsnip knows from those it keeps without showing.
    public var fieldNames: [String] { Array(operations.keys) }

    /// The File values its top-level fields set (a recipe's photo), in field order.
    public var fileValues: [ParseValue] {
        operations.sorted { $0.key < $1.key }.compactMap { _, operation in
            if case .set(let value) = operation, case .file = value { return value }
            return nil
        }
    }
}

/// Reads Parse JSON files for an import.
public enum ParseImportFile {
    /// The objects of a JSON document: an array of objects (Parse Dashboard, our export) or a REST answer
    /// (`{"results":[…]}`).
    ///
    /// - Throws: `ParseError` 107 for text that is not JSON (with where it went wrong), 107 for JSON of another
    ///   shape, 111 for a typed value missing its members; the message names the object ("object 7: …").
    public static func objects(fromJSON text: String) throws -> [ImportedObject] {
        let document = try ParseJSON.decode(text, keepingRelationMembers: true)
        let items: [ParseValue]
        switch document {
        case .array(let array): items = array
        case .object(let members):
            guard let results = members["results"]?.arrayValue else {
                throw ParseError(.invalidJSON, "It is neither a list of objects nor a REST answer with results.")
            }
            items = results
        default:
            throw ParseError(.invalidJSON, "It is neither a list of objects nor a REST answer with results.")
        }
        var objects: [ImportedObject] = []
        objects.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let members = item.objectValue else {
                throw ParseError(.invalidJSON, "object \(index + 1) is not an object.")
            }
            objects.append(try object(members, number: index + 1))
        }
        return objects
    }

    private static func object(_ members: OrderedDictionaryOfValues, number: Int) throws -> ImportedObject {
        var object = ImportedObject(objectId: nil, createdAt: nil, updatedAt: nil, operations: [:])
        for (key, value) in members {
            switch key {
            case "objectId":
                guard let id = value.stringValue, !id.isEmpty else {
                    throw ParseError(.invalidJSON, "object \(number): its objectId is not text.")
                }
                object.objectId = id
            case "createdAt", "updatedAt":
                let date: Date?
                switch value {
                case .string(let text): date = ParseDateFormat.date(from: text)
                case .date(let stored): date = stored
                default: date = nil
                }
                guard let date else {
                    throw ParseError(.invalidJSON, "object \(number): its \(key) is not a date.")
                }
                if key == "createdAt" { object.createdAt = date } else { object.updatedAt = date }
            case "className", "__type", "sessionToken", "_hashed_password", "authData":
                continue
            default:
                object.operations[key] = operation(for: value)
            }
        }
        return object
    }

    /// A member as a write: a Relation with members (our export's `objects`) adds them, one without declares the
    /// field; an included object is stored as its Pointer; anything else is set.
    private static func operation(for value: ParseValue) -> ParseUpdate {
        switch value {
        case .object(let members) where members["__type"] == .string("Relation"):
            guard let target = members["className"]?.stringValue else { return .set(value) }
            let pointers = (members["objects"]?.arrayValue ?? []).compactMap(\.pointerValue)
            return pointers.isEmpty ? .set(.relation(className: target)) : .addRelation(pointers)
        case .includedObject(let object): return .set(.pointer(object.pointer))
        default: return .set(value)
        }
    }
}

typealias OrderedDictionaryOfValues = OrderedDictionary<String, ParseValue>

extension ParseWriter {
    /// Whether an object of `className` with `objectId` exists.
    public func exists(_ className: String, objectId: String) throws -> Bool {
        guard NameRules.isValidClassName(className), try context.schemas.entry(className, in: db) != nil else {
            return false
        }
        return try db.bool(
            "SELECT EXISTS (SELECT 1 FROM \(quoteIdentifier(className)) WHERE \"objectId\" = ?)", [.text(objectId)])
            ?? false
    }

    /// Writes an imported object under its own objectId, createdAt and updatedAt (the store's now for what it
    /// lacks), replacing the object of that objectId first when `replacing`, with the Relation rows it owns.
    ///
    /// - Throws: the errors of `create(_:_:)` (a field of another type is 111), 137 when the objectId is taken and
    ///   not `replacing`.
    @discardableResult
    public func importObject(_ className: String, _ object: ImportedObject, replacing: Bool) throws -> ParseObject {
        let objectId = object.objectId ?? ObjectIdGenerator.make()
        if replacing, try exists(className, objectId: objectId) {
            if let schema = try context.schemas.schema(className, in: db) {
                for (field, type) in schema.fields {
                    guard case .relation = type else { continue }
                    let table = joinTableName(field: field, className: className)
                    guard try db.tableExists(table) else { continue }
                    try db.execute("DELETE FROM \(quoteIdentifier(table)) WHERE \"owningId\" = ?", [.text(objectId)])
                }
            }
            try delete(className, objectId: objectId)
        }
        let now = context.timestamp()
        return try insert(
            className, operations: object.operations,
            identity: (objectId, object.createdAt ?? now), updatedAt: object.updatedAt ?? object.createdAt ?? now)
    }

    /// Runs `body` in a savepoint: when it throws a `ParseError`, what it wrote is undone and the error returned,
    /// and the transaction goes on.
    public func attempt(_ body: () throws -> Void) throws -> ParseError? {
        var failure: ParseError?
        try db.savepoint {
            do {
                try body()
                return true
            } catch let error as ParseError {
                failure = error
                return false
            }
        }
        if failure != nil { context.schemas.forgetUntilTransactionEnds(db) }
        return failure
    }
}

extension ImportedObject {
    /// The type each member would give its field, as the schema would record it (nil for a null, an unset or an
    /// operator that does not fix a type).
    public var fieldTypes: [String: ParseFieldType] {
        var types: [String: ParseFieldType] = [:]
        for (key, operation) in operations {
            switch operation {
            case .set(.relation(let target)): types[key] = .relation(targetClass: target)
            case .set(let value): if let type = ParseFieldType(of: value) { types[key] = type }
            case .addRelation(let pointers):
                if let first = pointers.first { types[key] = .relation(targetClass: first.className) }
            default: continue
            }
        }
        return types
    }
}
