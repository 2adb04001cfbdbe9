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
