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
        /// When the session ends.
        let expiresAt: Date
        /// What the person may read and write: everyone's, their own and every role that includes them.
        let access: ParseAccess
    }

    /// Checks a name (ignoring case) and password and starts a session, whatever the person's role; nil when they
    /// do not match.
    func startAppSession(username: String, password: String) async throws -> AppSession? {
        guard let found = try await checkPassword(username: username, password: password) else { return nil }
        let now = clock.now()
        let session = try await door.bookkeeping { writer in
            (
                try Self.createSession(for: found.id, now: now, writer: writer),
                try writer.reader.access(ofUser: found.id)
            )
        }
        return AppSession(
            token: session.0.token, userId: found.id, username: found.name, role: found.role,
            expiresAt: session.0.expiresAt, access: session.1)
    }

    /// The person of an unexpired session token, with their role if they have one; nil otherwise. Remembered (with
    /// the pages' sessions) until an account, role or session changes, or the session ends.
    func appSession(token: String) async throws -> AppSession? {
        let now = clock.now()
        if let remembered = appSessions.entry(for: token, generation: sessions.generation), remembered.expiresAt > now {
            return remembered
        }
        let generation = sessions.generation
        let found = try await door.read { reader -> AppSession? in
            guard let session = try reader.first(Self.sessionQuery(token: token).include(Schema.sessionUser)),
                let expiresAt = session[Schema.expiresAt]?.dateValue, expiresAt > now,
                let user = session[Schema.sessionUser]?.includedObjectValue,
                let username = user[Schema.username]?.stringValue
            else { return nil }
            return AppSession(
                token: token, userId: user.objectId, username: username,
                role: try Self.role(ofUser: user.objectId, reader: reader), expiresAt: expiresAt,
                access: try reader.access(ofUser: user.objectId))
        }
        if let found { appSessions.store(found, for: token, generation: generation, current: sessions.generation) }
        return found
    }

    /// Adds an account with no household role, readable and writable by its person only, with the app's `fields`
    /// (email and its own), and signs it in. A name or password that breaks the pages' rules is refused in words
    /// (English: the API's messages are for programmers).
    func signUpFromApp(username typed: String, password: String, fields: [String: ParseValue]) async throws
        -> Result<AppSession, AppSignUpRefusal>
    {
        let username = AccountRules.cleanUsername(typed)
        if let problem = AccountRules.usernameProblem(username) { return .failure(.rule(problem.text(in: .en))) }
        if let problem = AccountRules.passwordProblem(password) { return .failure(.rule(problem.text(in: .en))) }
        let hash = try await hasher.hash(password)
        let now = clock.now()
        let outcome = try await door.bookkeeping { writer -> Result<AppSession, AppSignUpRefusal> in
            let user: ParseObject
            do {
                user = try writer.createUser(username: username, hashedPassword: hash, fields)
            } catch let error as ParseError where error.code == .usernameTaken {
                return .failure(.usernameTaken)
            }
            try writer.update(
                Schema.user, objectId: user.objectId, ["ACL": [user.objectId: ["read": true, "write": true]]])
            let session = try Self.createSession(for: user.objectId, now: now, writer: writer)
            return .success(
                AppSession(
                    token: session.token, userId: user.objectId, username: username, role: nil,
                    expiresAt: session.expiresAt, access: try writer.reader.access(ofUser: user.objectId)))
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

/// The app sessions recently checked, kept while the pages' `SessionCache` is not emptied: every account, role or
/// session change empties that one, and an entry stored under an older generation is never used.
final class AppSessionCache: Sendable {
    private let entries = LockedValue((generation: 0, sessions: [String: StoreAccountRepository.AppSession]()))

    /// The remembered session of `token`, if it was stored under the pages' current generation.
    func entry(for token: String, generation: Int) -> StoreAccountRepository.AppSession? {
        entries.withLock { $0.generation == generation ? $0.sessions[token] : nil }
    }

    /// Remembers `session`, unless the pages' cache was emptied since the lookup began (`generation` ≠ `current`).
    func store(_ session: StoreAccountRepository.AppSession, for token: String, generation: Int, current: Int) {
        guard generation == current else { return }
        entries.withLock { state in
            if state.generation != generation || state.sessions.count >= SessionCache.capacity {
                state = (generation, [:])
            }
            state.sessions[token] = session
        }
    }
}
