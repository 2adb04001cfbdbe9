import Foundation
import ParseStore

/// The reads and writes account changes are made of, run inside the caller's read or write transaction.
extension StoreAccountRepository {
    /// What a session token led to.
    enum SessionLookup: Sendable {
        case found(SessionCache.Entry)
        /// The session ran out; its row should go.
        case expired(sessionId: String)
        case unknown
    }

    static func sessionQuery(token: String) -> ParseQuery {
        ParseQuery(Schema.session).where(Schema.sessionToken, equalTo: .string(token))
    }

    /// The session of `token` with its user and role, in one snapshot.
    static func lookUpSession(_ token: String, now: Date, reader: ParseReader) throws -> SessionLookup {
        guard let session = try reader.first(sessionQuery(token: token).include(Schema.sessionUser)) else {
            return .unknown
        }
        guard let expiresAt = session[Schema.expiresAt]?.dateValue, expiresAt > now else {
            return .expired(sessionId: session.objectId)
        }
        guard let user = session[Schema.sessionUser]?.includedObjectValue,
            let username = user[Schema.username]?.stringValue,
            let role = try role(ofUser: user.objectId, reader: reader)
        else { return .unknown }
        let signedIn = SignedInUser(
            objectId: user.objectId, username: username, role: role, access: try reader.access(ofUser: user.objectId),
            language: user[Schema.language]?.stringValue.flatMap(Language.init(rawValue:)),
            todoSort: user[Schema.todoSort]?.stringValue)
        return .found(SessionCache.Entry(user: signedIn, expiresAt: expiresAt))
    }

    /// Starts a session for `userId` lasting `SessionCookie.lifetime` from `now`, as Parse's password login does.
    static func createSession(for userId: String, now: Date, writer: ParseWriter) throws -> (
        token: String, expiresAt: Date
    ) {
        let token = SessionCookie.newToken()
        let expiresAt = now.addingTimeInterval(SessionCookie.lifetime)
        let access: ParseValue = [userId: ["read": true, "write": true]]
        try writer.create(
            Schema.session,
            [
                Schema.sessionToken: .string(token),
                Schema.sessionUser: .pointer(ParsePointer(className: Schema.user, objectId: userId)),
                Schema.expiresAt: .date(expiresAt),
                Schema.createdWith: ["action": "login", "authProvider": "password"],
                "ACL": access,
            ])
        return (token, expiresAt)
    }

    /// Ends every session of `userId` but `keptToken`'s.
    static func deleteSessions(ofUser userId: String, except keptToken: String?, writer: ParseWriter) throws {
        let query = ParseQuery(Schema.session)
            .where(Schema.sessionUser, equalTo: .pointer(ParsePointer(className: Schema.user, objectId: userId)))
            .limit(10_000)
        for session in try writer.reader.find(query) where session[Schema.sessionToken]?.stringValue != keptToken {
            try writer.delete(Schema.session, objectId: session.objectId)
        }
    }

    /// The `_Role` object of `role`, or nil before anyone was given it.
    static func roleObject(_ role: Role, reader: ParseReader) throws -> ParseObject? {
        try reader.first(ParseQuery(Schema.role).where(Schema.roleName, equalTo: .string(role.rawValue)))
    }

    /// The role whose `users` Relation holds `userId`, or nil.
    static func role(ofUser userId: String, reader: ParseReader) throws -> Role? {
        let pointer = ParsePointer(className: Schema.user, objectId: userId)
        let roles = try reader.find(
            ParseQuery(Schema.role).where(Schema.roleUsers, equalTo: .pointer(pointer)).order(by: "createdAt"))
        return roles.lazy.compactMap { $0[Schema.roleName]?.stringValue.flatMap(Role.init(rawValue:)) }.first
    }

    /// How many people are owners.
    static func ownerCount(_ reader: ParseReader) throws -> Int {
        guard let owners = try roleObject(.owner, reader: reader) else { return 0 }
        return try reader.count(ParseQuery(Schema.user).related(to: owners.pointer, key: Schema.roleUsers))
    }

    /// Puts `userId` in `role`'s `users`, creating the `_Role` (readable by all, changed by owners) the first time.
    static func addUser(_ userId: String, to role: Role, writer: ParseWriter) throws {
        let pointer = ParsePointer(className: Schema.user, objectId: userId)
        if let existing = try roleObject(role, reader: writer.reader) {
            try writer.update(
                Schema.role, objectId: existing.objectId, operations: [Schema.roleUsers: .addRelation([pointer])])
        } else {
            let access: ParseValue = ["*": ["read": true], "role:owner": ["read": true, "write": true]]
            try writer.create(
                Schema.role,
                operations: [
                    Schema.roleName: .set(.string(role.rawValue)), "ACL": .set(access),
                    Schema.roleUsers: .addRelation([pointer]),
                ])
        }
    }

    /// Takes `userId` out of `role`'s `users`.
    static func removeUser(_ userId: String, from role: Role, writer: ParseWriter) throws {
        guard let existing = try roleObject(role, reader: writer.reader) else { return }
        let pointer = ParsePointer(className: Schema.user, objectId: userId)
        try writer.update(
            Schema.role, objectId: existing.objectId, operations: [Schema.roleUsers: .removeRelation([pointer])])
    }

    /// One person with their role, or nil when there is no such account (or it has no role).
    static func person(_ id: String, reader: ParseReader) throws -> Person? {
        let user: ParseObject
        do {
            user = try reader.fetch(Schema.user, objectId: id)
        } catch let error as ParseError where error.code == .objectNotFound {
            return nil
        }
        guard let username = user[Schema.username]?.stringValue, let role = try role(ofUser: id, reader: reader) else {
            return nil
        }
        return Person(id: id, username: username, role: role)
    }

    /// Everyone with a role, by name ignoring case.
    static func everyone(_ reader: ParseReader) throws -> [Person] {
        let roles = try reader.find(ParseQuery(Schema.role).limit(100))
        guard !roles.isEmpty else { return [] }
        let members = try reader.relatedObjects(Schema.role, objectIds: roles.map(\.objectId), key: Schema.roleUsers)
        var people: [Person] = []
        for roleObject in roles {
            guard let role = roleObject[Schema.roleName]?.stringValue.flatMap(Role.init(rawValue:)) else { continue }
            for user in members[roleObject.objectId, default: []] {
                guard let username = user[Schema.username]?.stringValue else { continue }
                people.append(Person(id: user.objectId, username: username, role: role))
            }
        }
        return people.sorted { ($0.username.lowercased(), $0.id) < ($1.username.lowercased(), $1.id) }
    }
}
