import Foundation
import ParseStore

/// The accounts as Parse keeps them: `_User` (password only as a bcrypt hash), `_Session` and one `_Role` per role.
struct StoreAccountRepository: AccountRepository {
    /// Class and field names, as Parse Server names them.
    enum Schema {
        static let user = "_User"
        static let session = "_Session"
        static let role = "_Role"
        static let username = "username"
        static let sessionToken = "sessionToken"
        static let sessionUser = "user"
        static let expiresAt = "expiresAt"
        static let createdWith = "createdWith"
        static let roleName = "name"
        static let roleUsers = "users"
        /// The language a person chose on the pages ("ko").
        static let language = "language"
        /// The order a person last chose for the to-do list ("due"); missing means newest first.
        static let todoSort = "todoSort"
    }

    /// The classes that hold the people, their sessions and roles: a restore from the Backups page keeps them as
    /// they are, so nobody is signed out and nobody removed comes back.
    static let accountClasses: Set<String> = [Schema.user, Schema.session, Schema.role]

    /// The store's one door: accounts are written there, so every cache that shows people moves on.
    let door: StoreDoor
    let hasher: PasswordHasher
    /// Where "now" comes from, for session expiry (the store's clock, so tests control both).
    let clock: any ParseClock
    let sessions = SessionCache()
    /// App sessions (the Parse API's), emptied with `sessions`.
    let appSessions = AppSessionCache()
    /// Set once an owner is known to exist; the last owner can never be removed, so it never goes back.
    let ownerKnown = LockedValue(false)
    /// The household's language once read or saved (`.some(nil)`: read, none saved); nil before the first read.
    let householdLanguageMemory = LockedValue<Language??>(nil)

    /// Accounts behind `door`, hashing passwords at bcrypt cost `passwordHashCost`.
    init(door: StoreDoor, passwordHashCost: UInt8, clock: any ParseClock) {
        self.door = door
        self.hasher = PasswordHasher(cost: passwordHashCost)
        self.clock = clock
    }

    func ownerExists() async throws -> Bool {
        if ownerKnown.withLock({ $0 }) { return true }
        let exists = try await door.read { reader in try Self.ownerCount(reader) > 0 }
        if exists { ownerKnown.withLock { $0 = true } }
        return exists
    }

    func createOwner(username: String, password: String) async throws -> Result<AccountSession, AccountRefusal> {
        let hash = try await hasher.hash(password)
        let now = clock.now()
        let outcome = try await door.bookkeeping { writer -> Result<AccountSession, AccountRefusal> in
            guard try Self.ownerCount(writer.reader) == 0 else { return .failure(.setupDone) }
            let user: ParseObject
            do {
                user = try writer.createUser(username: username, hashedPassword: hash)
            } catch let error as ParseError where error.code == .usernameTaken {
                return .failure(.usernameTaken)
            }
            try Self.addUser(user.objectId, to: .owner, writer: writer)
            let session = try Self.createSession(for: user.objectId, now: now, writer: writer)
            let signedIn = SignedInUser(objectId: user.objectId, username: username, role: .owner)
            return .success(AccountSession(token: session.token, user: signedIn, expiresAt: session.expiresAt))
        }
        sessions.removeAll()
        if case .success = outcome { ownerKnown.withLock { $0 = true } }
        return outcome
    }

    func signIn(username: String, password: String) async throws -> AccountSession? {
        // Someone without a role (signed up from an app) does not sign in to the pages.
        guard let found = try await checkPassword(username: username, password: password), let role = found.role
        else { return nil }
        let now = clock.now()
        let session = try await door.bookkeeping { writer in
            try Self.createSession(for: found.id, now: now, writer: writer)
        }
        let user = SignedInUser(objectId: found.id, username: found.name, role: role)
        return AccountSession(token: session.token, user: user, expiresAt: session.expiresAt)
    }

    /// The person called `username` (ignoring case) when `password` is theirs, with their role if they have one; nil
    /// otherwise, after as long a wait as a real check (so the answer's time tells nothing of who exists).
    func checkPassword(username: String, password: String) async throws -> (id: String, name: String, role: Role?)? {
        let found = try await door.read { reader -> (id: String, name: String, hash: String, role: Role?)? in
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
        return (found.id, found.name, found.role)
    }

    func user(forSession token: String) async throws -> SignedInUser? {
        let now = clock.now()
        if let cached = sessions.entry(for: token), cached.expiresAt > now { return cached.user }
        let generation = sessions.generation
        let lookup = try await door.read { reader in try Self.lookUpSession(token, now: now, reader: reader) }
        switch lookup {
        case .found(let entry):
            sessions.store(entry, for: token, generation: generation)
            return entry.user
        case .expired(let sessionId):
            do {
                try await door.bookkeeping { writer in
                    if try writer.reader.first(
                        ParseQuery(Schema.session).where("objectId", equalTo: .string(sessionId)))
                        != nil
                    {
                        try writer.delete(Schema.session, objectId: sessionId)
                    }
                }
            } catch let error as ParseError where error.storageFailure != nil {
                // Only tidying: the session has ended either way, and a busy or full database must not stop a page
                // that only reads. The next visit with the cookie tries again.
            }
            sessions.removeAll()
            return nil
        case .unknown:
            return nil
        }
    }

    func keepLanguage(_ language: Language, forUser userId: String) async throws {
        _ = try await door.bookkeeping { writer in
            try writer.update(
                Schema.user, objectId: userId, operations: [Schema.language: .set(.string(language.rawValue))])
        }
        sessions.removeAll()
    }

    func keepTodoSort(_ sort: String, forUser userId: String) async throws {
        _ = try await door.bookkeeping { writer in
            try writer.update(Schema.user, objectId: userId, operations: [Schema.todoSort: .set(.string(sort))])
        }
        sessions.removeAll()
    }

    func signOut(token: String) async throws {
        try await door.bookkeeping { writer in
            for session in try writer.reader.find(Self.sessionQuery(token: token)) {
                try writer.delete(Schema.session, objectId: session.objectId)
            }
        }
        sessions.removeAll()
    }
}
