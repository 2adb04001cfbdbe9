/// Why a signed-in person (or a visitor) may not do what they asked; each gets a 403 page in plain words.
enum AccessRefusal: Error, Sendable, Hashable {
    /// A viewer tried to change something; `ownerName` is whom to ask.
    case viewerCannotChange(ownerName: String?)
    /// Someone who is not a signed-in owner opened an owner's page (people).
    case ownersOnly
    /// A visitor who has not signed in sent a form where signing in is required.
    case signInFirst
}
