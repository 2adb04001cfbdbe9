import Foundation

/// What one write does to one field, after validation.
enum FieldEdit {
    /// Store this (normalised, non-null) value.
    case set(ParseValue)
    /// Unset the field (a `null` value or `Delete`).
    case unset
    /// Add to the number atomically.
    case increment(Double)
    /// Append these items.
    case add([ParseValue])
    /// Append the items not already present.
    case addUnique([ParseValue])
    /// Remove every occurrence of these items.
    case remove([ParseValue])
    /// Declare the Relation field only (the `{"__type":"Relation"}` stub was written).
    case declareRelation
    /// Add or remove join rows to these objectIds.
    case relation(add: [String], remove: [String])
}

/// One field of a write: its name, the type it implies (nil for unset) and its edit.
struct PlannedField {
    var name: String
    var type: ParseFieldType?
    var edit: FieldEdit
}

/// A validated write body: the ACL change and the field edits, in name order (so equal key sets give equal SQL).
struct WritePlan {
    /// What happens to `_rperm`/`_wperm`: nil leaves them alone.
    enum ACLChange {
        case set(readers: [String], writers: [String])
        case clear
    }

    var className: String
    var acl: ACLChange?
    var fields: [PlannedField] = []

    /// Validates a write body without touching the database.
    ///
    /// - Throws: 105 for bad or reserved field names, 121 for bad nested keys, 123 for a bad ACL, 106 for bad
    ///   Pointers, 107/111 for malformed values, 111 for Relation objects of mixed classes.
    init(className: String, operations: [String: ParseUpdate]) throws {
        self.className = className
        for key in operations.keys.sorted() {
            let operation = operations[key]!
            if key == "ACL" {
                switch operation {
                case .set(.null), .delete: acl = .clear
                case .set(let value):
                    let (readers, writers) = try ACLCoding.split(value)
                    acl = .set(readers: readers, writers: writers)
                default: throw ParseError(.invalidACL, "Invalid ACL.")
                }
                continue
            }
            try NameRules.validateWritableField(key)
            if let field = try Self.plan(key, operation, className: className) { fields.append(field) }
        }
    }

    private static func plan(_ key: String, _ operation: ParseUpdate, className: String) throws -> PlannedField? {
        switch operation {
        case .set(.null), .delete:
            return PlannedField(name: key, type: nil, edit: .unset)
        case .set(.relation(let target)):
            guard NameRules.isValidClassName(target) else {
                throw ParseError(.incorrectType, "This is not a valid Relation")
            }
            return PlannedField(name: key, type: .relation(targetClass: target), edit: .declareRelation)
        case .set(let value):
            let value = try ValueRules.normalize(value)
            return PlannedField(name: key, type: ParseFieldType(of: value), edit: .set(value))
        case .increment(let amount):
            guard amount.isFinite else { throw ParseError(.invalidJSON, "Increment amount must be a finite number.") }
            return PlannedField(name: key, type: .number, edit: .increment(amount))
        case .add(let items):
            return PlannedField(name: key, type: .array, edit: .add(try items.map(ValueRules.normalize)))
        case .addUnique(let items):
            return PlannedField(name: key, type: .array, edit: .addUnique(try items.map(ValueRules.normalize)))
        case .remove(let items):
            return PlannedField(name: key, type: .array, edit: .remove(try items.map(ValueRules.normalize)))
        case .addRelation(let targets), .removeRelation(let targets):
            guard let first = targets.first else { return nil }
            for target in targets {
                try ValueRules.validate(target)
                guard target.className == first.className else {
                    throw ParseError(
                        .incorrectType,
                        "schema mismatch for \(className).\(key); expected Relation<\(first.className)> but got "
                            + "Relation<\(target.className)>")
                }
            }
            let ids = targets.map(\.objectId)
            let isAdd = if case .addRelation = operation { true } else { false }
            return PlannedField(
                name: key, type: .relation(targetClass: first.className),
                edit: .relation(add: isAdd ? ids : [], remove: isAdd ? [] : ids))
        }
    }

    /// The fields this write adds to the class, after checking every typed field against `entry`.
    ///
    /// Also drops edits that cannot apply: unsetting a field the class does not have, or a Relation field.
    ///
    /// - Throws: 111 "schema mismatch for C.f; expected X but got Y"; 111 for a second GeoPoint field; 105 for a
    ///   name that differs only in case from an existing field (SQLite column names ignore case).
    mutating func resolveNewFields(against entry: SchemaEntry?) throws -> [(String, ParseFieldType)] {
        var newFields: [(String, ParseFieldType)] = []
        var taken: Set<String>?  // built only when a field is new: most writes add none
        var geoPointField = entry?.geoPointField
        fields = try fields.compactMap { field in
            let existing = entry?.schema.fields[field.name]
            guard let type = field.type else {
                // null and Delete never create a field, and a Relation has no column to clear.
                guard let existing, existing.hasColumn else { return nil }
                return field
            }
            if let existing {
                guard existing == type else {
                    throw ParseError(
                        .incorrectType,
                        "schema mismatch for \(className).\(field.name); expected \(existing.displayName) but got "
                            + "\(type.displayName)")
                }
                return field
            }
            if taken == nil {
                taken = (entry?.takenNames ?? ["_rperm", "_wperm"]).union(["objectid", "createdat", "updatedat"])
            }
            guard taken!.insert(field.name.lowercased()).inserted else {
                throw ParseError(
                    .invalidKeyName,
                    "Invalid field name: \(field.name). It differs only in case from an existing field.")
            }
            if type == .geoPoint {
                guard geoPointField == nil else {
                    throw ParseError(.incorrectType, "there can only be one geopoint field in a class")
                }
                geoPointField = field.name
            }
            newFields.append((field.name, type))
            return field
        }
        return newFields
    }

    /// True when an edit needs the object's current values (array operators).
    var needsCurrentValues: Bool {
        fields.contains { field in
            switch field.edit {
            case .add, .addUnique, .remove: true
            default: false
            }
        }
    }
}
