import ParseStore

/// The person a request comes from, once their session cookie has been checked.
struct SignedInUser: Sendable, Hashable {
    /// The `_User` objectId; saves record it as the record's `updatedBy` Pointer.
    var objectId: String
    /// The name they sign in with and are shown by ("changed by Ana").
    var username: String
    /// What they may do.
    var role: Role
    /// Whose rows they may read and write by the rows' ACLs: their user, every `_Role` that includes them (as the
    /// Parse API computes it for their session) and everyone's.
    var access: ParseAccess
    /// The language they chose on the pages (kept on their account, `_User.language`); nil when they chose none.
    var language: Language?
    /// The order they last chose for the to-do list (`_User.todoSort`, "due"); nil when they chose none.
    var todoSort: String?

    init(
        objectId: String, username: String, role: Role, access: ParseAccess? = nil, language: Language? = nil,
        todoSort: String? = nil
    ) {
        self.objectId = objectId
        self.username = username
        self.role = role
        self.access = access ?? .user(objectId, roles: [role.rawValue])
        self.language = language
        self.todoSort = todoSort
    }
}
