import Foundation
import ParseStore

/// What the Parse API needs of Parsnip's accounts: the same `_User`, `_Session` and `_Role` the pages use, the same
/// password hashing and the same sign-in throttle. The accounts feature provides it (wired in `App/`).
protocol APIAccounts: Sendable {
    /// Checks a name (ignoring case) and password from `address` and starts a session.
    func signIn(username: String, password: String, address: String?) async throws -> APISignIn
    /// Who a session token signs in — the person and the access of every role that includes them; nil when the token
    /// is unknown or expired. Remembered until an account, role or session changes.
    func caller(forSession token: String) async throws -> APICaller?
    /// An app changed a `_User`, `_Session` or `_Role` object: whatever was remembered of sessions is forgotten, for
    /// the pages as for the API.
    func accountsChanged()
    /// A number that moves whenever an account, role or session changes (on the pages or through the API).
    var accountsGeneration: Int { get }
    /// Adds an account with no household role and `fields` (email and the app's own), and signs it in.
    func signUp(username: String, password: String, fields: [String: ParseValue], address: String?) async throws
        -> APISignIn
    /// Ends the session of `token`.
    func signOut(token: String) async throws
    /// Removes an account with no household role (signed up from an app) and its sessions, as the People page
    /// does; false when there is no such account.
    func removeNewcomer(id: String) async throws -> Bool
}

/// How an API sign-in or sign-up ended.
enum APISignIn: Sendable, Equatable {
    /// Signed in: the new session's token and the person.
    case signedIn(token: String, userId: String)
    /// Name and password do not match (Parse's 101 "Invalid username/password.").
    case wrongNameOrPassword
    /// Too many attempts from this address or for this name, until then.
    case throttled(until: Date)
    /// A sign-up's name or password breaks a rule, in plain words, with Parse's code (200, 201, 202, 125, 203).
    case refused(code: Int, message: String)
}
