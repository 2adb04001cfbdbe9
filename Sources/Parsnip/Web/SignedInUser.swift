import ParseStore

/// The person a request comes from, once their session cookie has been checked.
public struct SignedInUser: Sendable, Hashable {
    /// The `_User` objectId; saves record it as the record's `updatedBy` Pointer.
    public var objectId: String
    /// The name they sign in with and are shown by ("changed by Ana").
    public var username: String
    /// What they may do.
    public var role: Role
    /// Whose rows they may read and write by the rows' ACLs: their user, every `_Role` that includes them (as the
    /// Parse API computes it for their session) and everyone's.
    public var access: ParseAccess

    public init(objectId: String, username: String, role: Role, access: ParseAccess? = nil) {
        self.objectId = objectId
        self.username = username
        self.role = role
        self.access = access ?? .user(objectId, roles: [role.rawValue])
    }
}
