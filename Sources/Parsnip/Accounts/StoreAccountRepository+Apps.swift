import Foundation
import ParseStore

/// Accounts as apps use them through the Parse API: the same people, passwords and sessions as the pages, but a
/// person may have no household role yet (someone who signed up from an app), and still signs in.
extension StoreAccountRepository {
    /// A session of an app: its person, and their role if they have one.
    struct AppSession: Sendable, Hashable {
        let token: String
        let userId: String
        let username: String
        let role: Role?
    }

    /// Checks a name (ignoring case) and password and starts a session, whatever the person's role; nil when they
    /// do not match.
    func startAppSession(username: String, password: String) async throws -> AppSession? {
        let found = try await store.read { reader -> (id: String, name: String, hash: String, role: Role?)? in
            guard let user = try reader.user(named: username),
                let hash = try reader.hashedPassword(ofUser: user.objectId)
            else { return nil }
            let name = user[Schema.username]?.stringValue ?? username
            return (user.objectId, name, hash, try Self.role(ofUser: user.objectId, reader: reader))
        }
        guard let found else {
            try await hasher.spendVerifyTime(password)
            return nil
        }
        guard try await hasher.verify(password, against: found.hash) else { return nil }
        let now = clock.now()
        let session = try await store.write { writer in
            try Self.createSession(for: found.id, now: now, writer: writer)
        }
        return AppSession(token: session.token, userId: found.id, username: found.name, role: found.role)
    }

    /// The person of an unexpired session token, with their role if they have one; nil otherwise.
    func appSession(token: String) async throws -> AppSession? {
        let now = clock.now()
        return try await store.read { reader -> AppSession? in
            guard let session = try reader.first(Self.sessionQuery(token: token).include(Schema.sessionUser)),
                let expiresAt = session[Schema.expiresAt]?.dateValue, expiresAt > now,
                let user = session[Schema.sessionUser]?.includedObjectValue,
                let username = user[Schema.username]?.stringValue
            else { return nil }
            return AppSession(
                token: token, userId: user.objectId, username: username,
                role: try Self.role(ofUser: user.objectId, reader: reader))
        }
    }

    /// Adds an account with no household role, readable and writable by its person only, with the app's `fields`
    /// (email and its own), and signs it in. A name or password that breaks the pages' rules is refused in words.
    func signUpFromApp(username typed: String, password: String, fields: [String: ParseValue]) async throws
        -> Result<AppSession, AppSignUpRefusal>
    {
        let username = AccountRules.cleanUsername(typed)
        if let problem = AccountRules.usernameProblem(username) { return .failure(.rule(problem)) }
        if let problem = AccountRules.passwordProblem(password) { return .failure(.rule(problem)) }
        let hash = try await hasher.hash(password)
        let now = clock.now()
        let outcome = try await store.write { writer -> Result<AppSession, AppSignUpRefusal> in
            let user: ParseObject
            do {
                user = try writer.createUser(username: username, hashedPassword: hash, fields)
            } catch let error as ParseError where error.code == .usernameTaken {
                return .failure(.usernameTaken)
            }
            try writer.update(
                Schema.user, objectId: user.objectId, ["ACL": [user.objectId: ["read": true, "write": true]]])
            let session = try Self.createSession(for: user.objectId, now: now, writer: writer)
            return .success(AppSession(token: session.token, userId: user.objectId, username: username, role: nil))
        }
        sessions.removeAll()
        return outcome
    }
}

/// Why an app's sign-up was refused.
enum AppSignUpRefusal: Error, Sendable, Hashable {
    /// Another account has this name, ignoring case.
    case usernameTaken
    /// The name or password breaks one of the pages' rules; the message says which.
    case rule(String)
}
