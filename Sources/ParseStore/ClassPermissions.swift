import OrderedCollections

/// An operation a class's level permissions (`classLevelPermissions` in its `_SCHEMA` document) govern.
public enum ClassOperation: String, Sendable, CaseIterable {
    case find, count, get, create, update, delete, addField
}

extension ParseAccess {
    /// Whether `operation` on the class of `entry` is allowed: by the master key always; otherwise when the class's
    /// permission map for it is absent (a class created implicitly: everyone) or names `"*"`, one of the access's
    /// entities (its user's objectId, `role:<name>`), or `requiresAuthentication` while a user is signed in.
    ///
    /// - Throws: `ParseError` 119 "Permission denied for action <operation> on class <C>."; 101 "Permission denied,
    ///   user needs to be authenticated." when only signed-in users are allowed and there is none (Parse Server's
    ///   answers).
    func check(_ operation: ClassOperation, on entry: SchemaEntry) throws {
        guard case .entities(let entities) = self,
            case .object(let permissions)? = entry.document["classLevelPermissions"],
            case .object(let granted)? = permissions[operation.rawValue]
        else { return }
        let signedIn = entities.contains { $0 != "*" }
        for (entity, value) in granted where value == .boolean(true) {
            if entity == "*" || entities.contains(entity) { return }
            if entity == "requiresAuthentication", signedIn { return }
        }
        if granted["requiresAuthentication"] == .boolean(true), !signedIn {
            throw ParseError(.objectNotFound, "Permission denied, user needs to be authenticated.")
        }
        throw ParseError(
            .operationForbidden,
            "Permission denied for action \(operation.rawValue) on class \(entry.schema.className).")
    }
}

extension ParseWriter {
    /// Replaces the class-level permissions of `className` (the schema API's `classLevelPermissions`): a map from
    /// each operation (`find`, `count`, `get`, `create`, `update`, `delete`, `addField`) to the entities allowed it
    /// (`"*"`, a user's objectId, `role:<name>`, `requiresAuthentication`), plus `protectedFields`,
    /// `readUserFields` and `writeUserFields`, kept as given. An operation left out is open to everyone.
    ///
    /// - Throws: `ParseError` 119 unless the writer acts with the master key; 103 when the class does not exist;
    ///   107 when `permissions` is not such a map.
    public func setClassLevelPermissions(_ className: String, _ permissions: ParseValue) throws {
        guard access == .master else {
            throw ParseError(.operationForbidden, "unauthorized: master key is required")
        }
        guard NameRules.isValidClassName(className), var entry = try context.schemas.entry(className, in: db) else {
            throw ParseError(.invalidClassName, "Class \(className) does not exist.")
        }
        guard case .object(let map) = permissions else {
            throw ParseError(.invalidJSON, "Class level permissions must be an object.")
        }
        let operations = Set(ClassOperation.allCases.map(\.rawValue))
        for (key, value) in map {
            if operations.contains(key) {
                guard case .object(let granted) = value,
                    granted.values.allSatisfy({ if case .boolean = $0 { true } else { false } })
                else { throw ParseError(.invalidJSON, "\(key) in class level permissions must map entities to true.") }
            } else if !["protectedFields", "readUserFields", "writeUserFields"].contains(key) {
                throw ParseError(.invalidJSON, "\(key) is not a valid operation for class level permissions.")
            }
        }
        entry.document["classLevelPermissions"] = permissions
        try db.execute(
            sql: "UPDATE \"_SCHEMA\" SET \"schema\" = ? WHERE \"className\" = ?",
            arguments: [ParseJSON.encode(.object(entry.document)), className])
        try context.schemas.recordPending(entry, in: db)
    }
}
