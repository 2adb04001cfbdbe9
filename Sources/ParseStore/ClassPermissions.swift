import OrderedCollections

/// An operation a class's level permissions (`classLevelPermissions` in its `_SCHEMA` document) govern.
public enum ClassOperation: String, Sendable, CaseIterable {
    case find, count, get, create, update, delete, addField
}

extension ParseAccess {
    /// Whether `operation` on the class of `entry` is allowed: by the master key always; otherwise when the class's
    /// permission map for it — the one stored in its `_SCHEMA` document (unless that is the all-public map of a class
    /// created implicitly), else the store's default for the class
    /// (`ParseStore.setDefaultClassLevelPermissions`) — is absent (a class created implicitly: everyone) or names
    /// `"*"`, one of the access's entities (its user's objectId, `role:<name>`), or `requiresAuthentication` while a
    /// user is signed in. `entry` is nil for a class not created yet: only a default can refuse it then.
    ///
    /// - Throws: `ParseError` 119 "Permission denied for action <operation> on class <C>."; 101 "Permission denied,
    ///   user needs to be authenticated." when only signed-in users are allowed and there is none (Parse Server's
    ///   answers).
    func check(_ operation: ClassOperation, className: String, on entry: SchemaEntry?, context: StoreContext) throws {
        try check(operation, className: className, on: entry, schemas: context.schemas)
    }

    /// The same check where only the schema cache is at hand (includes, sub-queries).
    func check(_ operation: ClassOperation, className: String, on entry: SchemaEntry?, schemas: SchemaCache) throws {
        guard case .entities(let entities) = self else { return }
        // The all-public map Parse writes for a class created implicitly counts as none: a class the household's
        // pages made (or a restore brought back) keeps its default until someone sets other permissions.
        var stored = entry?.document["classLevelPermissions"]
        if stored?.isSame(as: SchemaDocument.defaultPermissions) == true { stored = nil }
        guard case .object(let permissions)? = stored ?? schemas.defaultPermissions(of: className),
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
            .operationForbidden, "Permission denied for action \(operation.rawValue) on class \(className).")
    }

    /// The same check for a class that exists.
    func check(_ operation: ClassOperation, on entry: SchemaEntry, context: StoreContext) throws {
        try check(operation, className: entry.schema.className, on: entry, context: context)
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
        try ClassOperation.validate(permissions)
        entry.document["classLevelPermissions"] = permissions
        try db.execute(
            "UPDATE \"_SCHEMA\" SET \"schema\" = ? WHERE \"className\" = ?",
            [.json(ParseJSON.encode(.object(entry.document))), .text(className)])
        try context.schemas.recordPending(entry, in: db)
    }
}

extension ClassOperation {
    /// Throws 107 unless `permissions` is a class-level permission map: each operation to `{entity: true}`, plus
    /// `protectedFields`, `readUserFields` and `writeUserFields`.
    static func validate(_ permissions: ParseValue) throws {
        guard case .object(let map) = permissions else {
            throw ParseError(.invalidJSON, "Class level permissions must be an object.")
        }
        let operations = Set(allCases.map(\.rawValue))
        for (key, value) in map {
            if operations.contains(key) {
                guard case .object(let granted) = value,
                    granted.values.allSatisfy({ if case .boolean = $0 { true } else { false } })
                else { throw ParseError(.invalidJSON, "\(key) in class level permissions must map entities to true.") }
            } else if !["protectedFields", "readUserFields", "writeUserFields"].contains(key) {
                throw ParseError(.invalidJSON, "\(key) is not a valid operation for class level permissions.")
            }
        }
    }
}

extension ParseStore {
    /// Sets the class-level permissions a class has while its `_SCHEMA` document stores none (before anyone set
    /// some through the schema API, and before the class exists): Parsnip's household classes are closed to
    /// requests without a household role this way. Does not touch the database; call it before serving requests.
    ///
    /// - Parameter permissions: class name → permission map (see `ParseWriter.setClassLevelPermissions`).
    /// - Throws: `ParseError` 107 when a map is malformed.
    public func setDefaultClassLevelPermissions(_ permissions: [String: ParseValue]) throws {
        for map in permissions.values { try ClassOperation.validate(map) }
        context.setDefaultPermissions(permissions)
    }
}
