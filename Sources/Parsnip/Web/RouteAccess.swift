/// Who may use a route: every route declares one when it is registered, and `RouteAccessMiddleware` enforces it on
/// the route the router matched, never on the spelling of the path.
enum RouteAccess: String, Sendable, Hashable, CaseIterable {
    /// Everyone, signed in or not: signing in, setting up, signing out, `/health`.
    case anyone
    /// Looking at the apps: a signed-in person of any role or, while signing in is optional on this computer,
    /// whoever is at it.
    case signedIn
    /// Adding, changing and deleting: a signed-in owner or editor or, while signing in is optional, whoever is at
    /// this computer.
    case editor
    /// Managing people (and later backups and settings): always a signed-in owner, even on this computer.
    case owner
    /// The Parse REST API (`/parse/**`): no cookies; its keys say who is asking and the store's ACLs and class-level
    /// permissions what they may do, so this middleware lets it through.
    case parseAPI

    /// What happens to a request for a route with this access.
    enum Verdict: Sendable, Equatable {
        /// The handler runs.
        case allowed
        /// Nobody may do anything until the owner's account exists: reading goes to `/setup`.
        case setUpFirst
        /// A visitor who has not signed in: reading goes to the sign-in page, changing is refused.
        case signInFirst
        /// A viewer asked to change something.
        case viewerCannotChange
        /// Someone who is not an owner asked for an owner's page.
        case ownersOnly
    }

    /// The verdict for `role` (nil: not signed in) when signing in is `signInRequired` and an owner `ownerExists`.
    ///
    /// Pure, so the rules can be read and tested in one place.
    func verdict(for role: Role?, signInRequired: Bool, ownerExists: Bool) -> Verdict {
        if self == .anyone || self == .parseAPI { return .allowed }
        if signInRequired, !ownerExists { return .setUpFirst }
        switch (self, role) {
        case (.owner, .owner): return .allowed
        case (.owner, .some): return .ownersOnly
        case (.owner, .none): return .signInFirst
        case (.editor, .viewer): return .viewerCannotChange
        case (_, .some): return .allowed
        case (_, .none): return signInRequired ? .signInFirst : .allowed
        }
    }
}
