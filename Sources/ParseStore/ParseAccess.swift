import GRDB

/// Whom a read is for: the master key, which no ACL stops, or the entities a request acts as — `"*"` (everyone),
/// the signed-in user's objectId and `"role:<name>"` for each of the user's roles.
///
/// A reader acting for entities sees a row when its `_rperm` is NULL (saved without an ACL: public) or names one of
/// them; `ACL: {}` (an empty `_rperm`) hides the row from everyone but the master key. Every find, count, fetch,
/// include and sub-query of that reader applies the same test, in its SQL.
public enum ParseAccess: Sendable, Hashable {
    /// The master key (and Parsnip's own pages, which check roles themselves): every row.
    case master
    /// The entities a request acts as; `"*"` is always among them.
    case entities(Set<String>)

    /// A request with no session: only what everyone may read.
    public static let anonymous = ParseAccess.entities(["*"])

    /// A signed-in user's access: everyone's, the user's own and each role's.
    public static func user(_ objectId: String, roles: [String] = []) -> ParseAccess {
        .entities(Set(["*", objectId] + roles.map { "role:" + $0 }))
    }

    /// The condition letting a row through when its permission column (`_rperm` or `_wperm`, qualified) allows
    /// these entities; always true for the master key. The entities travel as one JSON argument, so the statement's
    /// text — and its cached preparation — is the same whoever asks.
    func allows(column: String) -> SQLCondition {
        guard case .entities(let entities) = self else { return .true }
        let list = ParseJSON.encode(.array((entities.union(["*"])).sorted().map { .string($0) }))
        return SQLCondition(
            "(\(column) IS NULL OR EXISTS (SELECT 1 FROM json_each(\(column)) WHERE value IN "
                + "(SELECT value FROM json_each(?))))",
            [list.databaseValue])
    }
}

extension ParseAccess {
    /// The stored row of `objectId` in `table` (quoted) when its permission column (`"_rperm"` or `"_wperm"`) lets
    /// this access through; nil when there is no such row or it may not.
    func row(of objectId: String, in table: String, permission column: String, db: Database) throws -> Row? {
        let (allowed, arguments) = allows(column: column).sqlAndArguments
        let statement = try db.cachedStatement(sql: "SELECT * FROM \(table) WHERE \"objectId\" = ? AND \(allowed)")
        return try Row.fetchOne(statement, arguments: StatementArguments([objectId.databaseValue] + arguments))
    }
}

extension ParseReader {
    /// The access of the user `userId`: everyone's, the user's own, and every `_Role` that includes them — directly
    /// (the role's `users` Relation holds them) or through another role (a role in the `roles` Relation of a role
    /// passes that role on, at any depth; a cycle ends). Read with the master key: it decides what the user may
    /// read, so it cannot depend on it.
    public func access(ofUser userId: String) throws -> ParseAccess {
        let users = joinTableName(field: "users", className: "_Role")
        guard try context.schemas.schema("_Role", in: db)?.fields["name"] == .string, try db.tableExists(users)
        else { return .user(userId) }
        let inherited =
            try db.tableExists(joinTableName(field: "roles", className: "_Role"))
            ? """
             UNION SELECT j."owningId" FROM \(quoteIdentifier(joinTableName(field: "roles", className: "_Role"))) AS j \
            JOIN "mine" ON j."relatedId" = "mine"."id"
            """ : ""
        let names = try String.fetchAll(
            db.cachedStatement(
                sql: """
                    WITH RECURSIVE "mine"("id") AS (SELECT "owningId" FROM \(quoteIdentifier(users)) \
                    WHERE "relatedId" = ?\(inherited)) \
                    SELECT r."name" FROM "_Role" AS r JOIN "mine" ON r."objectId" = "mine"."id" \
                    WHERE r."name" IS NOT NULL ORDER BY r."name"
                    """),
            arguments: [userId])
        return .user(userId, roles: names)
    }
}
