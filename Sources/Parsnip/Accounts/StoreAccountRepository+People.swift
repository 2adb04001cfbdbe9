import ParseStore

/// The owner's changes to other people's accounts, each one write transaction.
extension StoreAccountRepository {
    func people() async throws -> [Person] {
        try await door.read { reader in try Self.everyone(reader) }
    }

    func newcomers() async throws -> [Newcomer] {
        try await door.read { reader in
            let members = Set(try Self.everyone(reader).map(\.id))
            return try reader.find(ParseQuery(Schema.user).limit(10_000)).compactMap { user -> Newcomer? in
                guard !members.contains(user.objectId), let name = user[Schema.username]?.stringValue else {
                    return nil
                }
                return Newcomer(id: user.objectId, username: name)
            }.sorted { ($0.username.lowercased(), $0.id) < ($1.username.lowercased(), $1.id) }
        }
    }

    func removeNewcomer(id: String) async throws -> Newcomer? {
        let removed = try await door.bookkeeping { writer -> Newcomer? in
            guard try Self.person(id, reader: writer.reader) == nil,
                let user = try? writer.reader.fetch(Schema.user, objectId: id),
                let username = user[Schema.username]?.stringValue
            else { return nil }
            try Self.deleteSessions(ofUser: id, except: nil, writer: writer)
            try writer.delete(Schema.user, objectId: id)
            return Newcomer(id: id, username: username)
        }
        sessions.removeAll()
        return removed
    }

    func person(id: String) async throws -> Person? {
        try await door.read { reader in try Self.person(id, reader: reader) }
    }

    func addPerson(username: String, password: String, role: Role) async throws -> Result<Person, AccountRefusal> {
        let hash = try await hasher.hash(password)
        let outcome = try await door.bookkeeping { writer -> Result<Person, AccountRefusal> in
            let user: ParseObject
            do {
                user = try writer.createUser(username: username, hashedPassword: hash)
            } catch let error as ParseError where error.code == .usernameTaken {
                return .failure(.usernameTaken)
            }
            try Self.addUser(user.objectId, to: role, writer: writer)
            return .success(Person(id: user.objectId, username: username, role: role))
        }
        sessions.removeAll()
        return outcome
    }

    func resetPassword(personId: String, password: String, keepingSession: String?) async throws
        -> Result<Person, AccountRefusal>
    {
        let hash = try await hasher.hash(password)
        let outcome = try await door.bookkeeping { writer -> Result<Person, AccountRefusal> in
            guard let person = try Self.person(personId, reader: writer.reader) else { return .failure(.notFound) }
            try writer.setHashedPassword(hash, forUser: personId)
            try Self.deleteSessions(ofUser: personId, except: keepingSession, writer: writer)
            return .success(person)
        }
        sessions.removeAll()
        return outcome
    }

    func changeOwnPassword(personId: String, current: String, new: String, keepingSession: String?)
        async throws -> Result<Person, AccountRefusal>
    {
        let hash = try await door.read { reader in try reader.hashedPassword(ofUser: personId) }
        guard let hash else { return .failure(.notFound) }
        guard try await hasher.verify(current, against: hash) else { return .failure(.wrongPassword) }
        return try await resetPassword(personId: personId, password: new, keepingSession: keepingSession)
    }

    func changeRole(personId: String, to role: Role) async throws -> Result<Person, AccountRefusal> {
        let outcome = try await door.bookkeeping { writer -> Result<Person, AccountRefusal> in
            guard let person = try Self.person(personId, reader: writer.reader) else {
                // Someone who signed up from an app gets their first role.
                guard let user = try? writer.reader.fetch(Schema.user, objectId: personId),
                    let username = user[Schema.username]?.stringValue
                else { return .failure(.notFound) }
                try Self.addUser(personId, to: role, writer: writer)
                return .success(Person(id: personId, username: username, role: role))
            }
            if person.role == role { return .success(person) }
            if person.role == .owner, try Self.ownerCount(writer.reader) <= 1 { return .failure(.lastOwner) }
            try Self.removeUser(personId, from: person.role, writer: writer)
            try Self.addUser(personId, to: role, writer: writer)
            return .success(Person(id: person.id, username: person.username, role: role))
        }
        sessions.removeAll()
        return outcome
    }

    func removePerson(personId: String, by actor: SignedInUser) async throws -> Result<Person, AccountRefusal> {
        if personId == actor.objectId { return .failure(.removingYourself) }
        let outcome = try await door.bookkeeping { writer -> Result<Person, AccountRefusal> in
            guard let person = try Self.person(personId, reader: writer.reader) else { return .failure(.notFound) }
            if person.role == .owner, try Self.ownerCount(writer.reader) <= 1 { return .failure(.lastOwner) }
            try Self.deleteSessions(ofUser: personId, except: nil, writer: writer)
            try Self.removeUser(personId, from: person.role, writer: writer)
            try writer.delete(Schema.user, objectId: personId)
            return .success(person)
        }
        sessions.removeAll()
        return outcome
    }
}
