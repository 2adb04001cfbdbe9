/// The person a request comes from, once their session cookie has been checked.
public struct SignedInUser: Sendable, Hashable {
    /// The `_User` objectId; saves record it as the record's `updatedBy` Pointer.
    public var objectId: String
    /// The name they sign in with and are shown by ("changed by Ana").
    public var username: String
    /// What they may do.
    public var role: Role

    public init(objectId: String, username: String, role: Role) {
        self.objectId = objectId
        self.username = username
        self.role = role
    }
}
