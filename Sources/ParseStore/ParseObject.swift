import Foundation

/// One stored object of a Parse class: its identity, its timestamps and its fields.
public struct ParseObject: Sendable, Hashable {
    /// The class the object belongs to.
    public var className: String
    /// Ten characters from A–Z a–z 0–9, assigned by the store on create.
    public var objectId: String
    /// When the object was created (UTC, millisecond precision).
    public var createdAt: Date
    /// When the object was last written (UTC, millisecond precision).
    public var updatedAt: Date
    /// The object's own fields; unset fields are absent, never `.null`.
    public var fields: [String: ParseValue]

    public init(className: String, objectId: String, createdAt: Date, updatedAt: Date, fields: [String: ParseValue]) {
        self.className = className
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.fields = fields
    }

    /// The value of a field, or nil when it is unset.
    public subscript(key: String) -> ParseValue? {
        fields[key]
    }

    /// A Pointer to this object.
    public var pointer: ParsePointer {
        ParsePointer(className: className, objectId: objectId)
    }
}
