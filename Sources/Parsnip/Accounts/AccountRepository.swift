import Foundation

/// The people who may use Parsnip, their roles, passwords and signed-in sessions.
protocol AccountRepository: AccessDirectory {
    /// True once the first owner has been set up.
    func ownerExists() async throws -> Bool
    /// Creates the first owner and signs them in; refused with `.setupDone` once an owner exists.
    func createOwner(username: String, password: String) async throws -> Result<AccountSession, AccountRefusal>
    /// Checks a name (ignoring case) and password and starts a session; nil when they do not match.
    func signIn(username: String, password: String) async throws -> AccountSession?
    /// The person a session token belongs to; nil when it is unknown, expired (its row is then deleted) or their
    /// account is gone.
    func user(forSession token: String) async throws -> SignedInUser?
    /// Ends a session: its `_Session` row is deleted.
    func signOut(token: String) async throws
    /// Everyone with an account, by name.
    func people() async throws -> [Person]
    /// Everyone who signed up from an app and has no role yet, by name: they can see nothing until the owner gives
    /// them one (`changeRole`).
    func newcomers() async throws -> [Newcomer]
    /// One person, or nil when there is no such account.
    func person(id: String) async throws -> Person?
    /// Adds an account with `role`; refused with `.usernameTaken` when someone already uses the name.
    func addPerson(username: String, password: String, role: Role) async throws -> Result<Person, AccountRefusal>
    /// Gives a person a new password and ends their sessions, except `keepingSession` (the one resetting it).
    func resetPassword(personId: String, password: String, keepingSession: String?) async throws
        -> Result<Person, AccountRefusal>
    /// Changes a person's own password after checking their current one (`.wrongPassword` when it does not match);
    /// their other sessions end, except `keepingSession` (the one they are changing it from).
    func changeOwnPassword(personId: String, current: String, new: String, keepingSession: String?) async throws
        -> Result<Person, AccountRefusal>
    /// Moves a person to another role at once, or gives a newcomer their first; refused with `.lastOwner` for the only
    /// owner.
    func changeRole(personId: String, to role: Role) async throws -> Result<Person, AccountRefusal>
    /// Removes an account that has no role (a newcomer from an app) and its sessions; nil when there is no such
    /// account without a role.
    func removeNewcomer(id: String) async throws -> Newcomer?
    /// Removes an account, its sessions and its role at once; refused for `actor` themselves and the last owner.
    func removePerson(personId: String, by actor: SignedInUser) async throws -> Result<Person, AccountRefusal>
    /// The household's language as the owner saved it on the People page (the pages speak it to a browser that asks
    /// for none of Parsnip's languages); nil until one is saved, when `--language` decides.
    func householdLanguage() async throws -> Language?
    /// Keeps `language` as the household's, in the database, so it outlasts a restart and wins over `--language`.
    func keepHouseholdLanguage(_ language: Language) async throws
}

/// A signed-in session: the token the cookie carries, whose it is and when it ends.
struct AccountSession: Sendable, Hashable {
    let token: String
    let user: SignedInUser
    let expiresAt: Date
}

/// One account as the people page lists it.
public struct Person: Sendable, Hashable {
    let id: String
    public let username: String
    let role: Role
}

/// Someone with an account but no role: signed up from an app, waiting for the owner.
struct Newcomer: Sendable, Hashable {
    let id: String
    let username: String
}

/// Why an account change was not made, as a value (so it never rolls a transaction back as an error).
enum AccountRefusal: Error, Sendable, Hashable {
    /// An owner already exists: set-up happens once.
    case setupDone
    /// Another account has this name, ignoring case.
    case usernameTaken
    /// There is no such account (any more).
    case notFound
    /// The change would leave Parsnip without an owner.
    case lastOwner
    /// Nobody may remove their own account.
    case removingYourself
    /// The current password typed does not match.
    case wrongPassword
}

extension AccountRepository {
    func ownerName() async throws -> String? {
        try await people().first { $0.role == .owner }?.username
    }
}
