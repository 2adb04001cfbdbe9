import ParseStore

/// Who an API request acts as, decided once from its keys and session token: the master key, a signed-in person
/// (with the `_Role`s that include them, the household's among them) or nobody.
struct APICaller: Sendable, Equatable {
    /// What the store lets this caller read and write (ACLs and class-level permissions, in its SQL).
    var access: ParseAccess
    /// The signed-in person, nil for the master key and for a request without a session.
    var user: APISessionUser?

    /// The master key: everything.
    static let master = APICaller(access: .master, user: nil)
    /// A request without a session: only what everyone may read.
    static let anonymous = APICaller(access: .anonymous, user: nil)

    var isMaster: Bool { access == .master }
}

/// The person an API session token signs in, with their household role if the owner gave them one.
struct APISessionUser: Sendable, Equatable {
    let userId: String
    let username: String
    /// Nil for someone who signed up from an app and has not been given a role yet.
    let role: Role?
    let sessionToken: String

    /// The person as the write path stamps changes: only someone with a household role changes household records.
    var signedIn: SignedInUser? {
        role.map { SignedInUser(objectId: userId, username: username, role: $0) }
    }
}
