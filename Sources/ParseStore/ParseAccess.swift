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
    /// Parsnip's own pages acting for a person — their user, every role that includes them and `"*"`, or only
    /// `"*"` for a visitor who has not signed in: rows' ACLs hold exactly as for a request with those entities, so
    /// the pages and the API show and change the same rows; class-level permissions do not (the pages' routes decide
    /// by role), and the conditions are Parsnip's own, so they keep every index (see `SQLCondition.gated`).
    case person(Set<String>)

    /// A request with no session: only what everyone may read.
    public static let anonymous = ParseAccess.entities(["*"])

    /// A signed-in user's access: everyone's, the user's own and each role's.
    public static func user(_ objectId: String, roles: [String] = []) -> ParseAccess {
        .entities(Set(["*", objectId] + roles.map { "role:" + $0 }))
    }

    /// The signed-in user's objectId among the entities (neither `"*"` nor a role); nil for the master key and for a
    /// request without a session.
    public var userId: String? {
        entitySet?.first { $0 != "*" && !$0.hasPrefix("role:") }
    }

    /// The entities whose rows this access reads; nil for the master key, which reads every row.
    public var entitySet: Set<String>? {
        switch self {
        case .master: nil
        case .entities(let entities), .person(let entities): entities
        }
    }

    /// The same entities as Parsnip's pages act for them (`person`); the master key stays the master key.
    public var asPerson: ParseAccess {
        entitySet.map { .person($0) } ?? .master
    }

    /// True for a request's access, whose query conditions were written by whoever sent it: they run only on rows
    /// the access may read (`SQLCondition.gated`).
    var gatesConditions: Bool {
        if case .entities = self { return true }
        return false
    }

    /// Which list of an object's ACL a condition tests.
    enum Permission: String {
        /// `_rperm`: who may read the object.
        case read = "_rperm"
        /// `_wperm`: who may change or delete it.
        case write = "_wperm"
    }

    /// The condition letting a row of `className` through for `permission`; always true for the master key.
    ///
    /// Its ACL's list must name one of the entities (or be NULL: saved without an ACL, public). A `_Session` row
    /// must also belong to the caller, as Parse Server adds "user = me" to every session query that is not the
    /// master key's: nobody else's token is ever compared with anything a caller sent. The entities travel as one
    /// JSON argument, so the statement's text — and its cached preparation — is the same whoever asks.
    ///
    /// - Parameter qualifier: the table or alias columns are qualified with (`q0`), nil for bare column names.
    func allows(_ permission: Permission, className: String, qualifier: String? = nil, dialect: SQLDialect)
        -> SQLCondition
    {
        guard let entities = entitySet else { return .true }
        let prefix = qualifier.map { $0 + "." } ?? ""
        let column = prefix + quoteIdentifier(permission.rawValue)
        let list = entities.union(["*"]).sorted()
        let acl =
            switch dialect {
            case .sqlite:
                SQLCondition(
                    "(\(column) IS NULL OR EXISTS (SELECT 1 FROM json_each(\(column)) WHERE \(dialect.isOneOf("value"))))",
                    [dialect.textList(list)])
            case .postgres: SQLCondition("(\(column) IS NULL OR \(column) && ?)", [.textArray(list)])
            }
        guard className == Self.sessionClass else { return acl }
        guard let userId else { return .false }
        return .and([SQLCondition("\(prefix)\"user\" = ?", [userId.sqlValue]), acl])
    }

    /// Whether this access may change or delete an object whose ACL grants "write" to `writers` (nil: the object
    /// has no ACL, so anyone may): always for the master key, otherwise when `writers` names one of the entities.
    /// The same answer the store's writes give (`allows(.write, …)`), for a page deciding which buttons to offer.
    public func mayWrite(writers: Set<String>?) -> Bool {
        guard let entities = entitySet?.union(["*"]), let writers else { return true }
        return !writers.isDisjoint(with: entities)
    }

    /// The class whose rows are the callers' sessions (each holds a token).
    static let sessionClass = "_Session"

    /// Refuses a find, count or get of `_Session` without a session, as Parse Server does.
    ///
    /// - Throws: `ParseError` 209 "Invalid session token" for a request without a signed-in user.
    func checkSessionQuery(className: String) throws {
        guard className == Self.sessionClass, entitySet != nil, userId == nil else { return }
        throw ParseError(.invalidSessionToken, "Invalid session token")
    }
}

extension SQLCondition {
    /// `condition`, evaluated only on the rows `gate` lets through: `CASE WHEN gate THEN condition ELSE 0 END`.
    ///
    /// SQLite evaluates only the chosen branch of a CASE, so a caller's own condition — a costly `$regex`, a JSON
    /// test — never runs on a row the caller may not read, and how long a query takes says nothing about such rows.
    /// (A plain `AND` would leave the order to the query planner.) The price: the caller's condition cannot pick
    /// rows through an index; the master key's queries, whose gate is always true, keep every index.
    static func gated(_ condition: SQLCondition, by gate: SQLCondition) -> SQLCondition {
        switch (gate, condition) {
        case (.constant(true), _): return condition
        case (.constant(false), _), (_, .constant(false)): return .false
        case (_, .constant(true)): return gate
        case (.sql(let gateText, let gateArguments), .sql(let text, let arguments)):
            return .sql("(CASE WHEN \(gateText) THEN (\(text)) ELSE FALSE END)", gateArguments + arguments)
        }
    }
}

extension ParseAccess {
    /// The stored row of `objectId` in `className` when its `permission` list lets this access through; nil when
    /// there is no such row or it may not.
    func row(of objectId: String, in className: String, permission: Permission, db: any SQLConnection) throws
        -> SQLRow?
    {
        let condition = allows(permission, className: className, dialect: db.dialect)
        if case .constant(true) = condition, let written = db.snapshotMemo?.writtenRow, written.table == className,
            written.objectId == objectId
        {
            return written.row
        }
        let (allowed, arguments) = condition.sqlAndArguments
        return try db.row(
            "SELECT * FROM \(quoteIdentifier(className)) WHERE \"objectId\" = ? AND \(allowed)",
            [objectId.sqlValue] + arguments)
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
        let names = try db.texts(
            """
            WITH RECURSIVE "mine"("id") AS (SELECT "owningId" FROM \(quoteIdentifier(users)) \
            WHERE "relatedId" = ?\(inherited)) \
            SELECT r."name" FROM "_Role" AS r JOIN "mine" ON r."objectId" = "mine"."id" \
            WHERE r."name" IS NOT NULL ORDER BY r."name"
            """,
            [.text(userId)])
        return .user(userId, roles: names)
    }
}

extension ParseObject {
    /// The entities its ACL lets change or delete it; nil when it has no ACL (public: anyone may).
    public var writers: Set<String>? {
        guard case .object(let acl)? = fields["ACL"] else { return nil }
        return Set(acl.compactMap { entity, flags in flags.objectValue?["write"]?.boolValue == true ? entity : nil })
    }
}
