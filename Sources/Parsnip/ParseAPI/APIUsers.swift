import Foundation
import OrderedCollections
import ParseStore

/// Signing up, logging in and out, and the signed-in person: the household's own accounts, as Parse's `/users`,
/// `/login`, `/logout` and `/sessions/me`. Password hashes never leave; sign-ins are throttled as on the pages.
struct APIUsers: Sendable {
    let endpoints: APIEndpoints

    private var store: ParseStore { endpoints.store }

    /// `POST /users`: a new account without a household role, signed in (201 with `objectId`, `createdAt` and
    /// `sessionToken`). Only with the master key, or when the owner lets apps sign people up.
    func signUp(_ request: APIRequest) async throws -> APIAnswer {
        guard request.caller.isMaster || endpoints.keys.signUpAllowed else {
            throw APIFailure.parse(
                119, "Signing up from apps is turned off. The owner can turn it on in Parsnip, on the Apps page.")
        }
        var fields = request.body
        guard case .string(let username)? = fields.removeValue(forKey: "username"), !username.isEmpty else {
            throw APIFailure.parse(200, "bad or missing username")
        }
        guard case .string(let password)? = fields.removeValue(forKey: "password"), !password.isEmpty else {
            throw APIFailure.parse(201, "password is required")
        }
        for key in ["objectId", "createdAt", "updatedAt", "sessionToken", "authData", "emailVerified"] {
            if fields.removeValue(forKey: key) != nil, key == "objectId" {
                throw APIFailure.parse(105, "objectId is an invalid field name.")
            }
        }
        let outcome = try await endpoints.accounts.signUp(
            username: username, password: password, fields: Dictionary(uniqueKeysWithValues: fields.map { ($0, $1) }),
            address: request.remoteAddress)
        let (token, userId) = try Self.signedIn(outcome, now: store.now())
        let user = try await store.read { try $0.fetch("_User", objectId: userId) }
        let body: ParseValue = [
            "objectId": .string(userId), "createdAt": .string(ParseJSON.isoString(user.createdAt)),
            "sessionToken": .string(token),
        ]
        return APIAnswer(
            status: .created, body: ParseJSON.encode(body), location: "\(request.mountURL)/users/\(userId)")
    }

    /// `GET /login` (query) or `POST /login` (body): the person and a new `sessionToken`. A query's values are the
    /// text sent, never JSON (Parse Server reads JSON only for a find's options): a password `12345678` or `true`
    /// is that text.
    func logIn(_ request: APIRequest) async throws -> APIAnswer {
        let given =
            request.method == .get && request.body.isEmpty
            ? request.queryText.mapValues(ParseValue.string) : request.body
        let name = given["username"]?.stringValue ?? given["email"]?.stringValue ?? ""
        guard !name.isEmpty else { throw APIFailure.parse(200, "username/email is required.") }
        guard case .string(let password)? = given["password"], !password.isEmpty else {
            throw APIFailure.parse(201, "password is required.")
        }
        let outcome = try await endpoints.accounts.signIn(
            username: name, password: password, address: request.remoteAddress)
        let (token, userId) = try Self.signedIn(outcome, now: store.now())
        return .ok(try await userJSON(userId, sessionToken: token))
    }

    /// `POST /logout`: ends the session of the token sent; `{}`.
    func logOut(_ request: APIRequest) async throws -> APIAnswer {
        if let token = request.sessionToken, !token.isEmpty { try await endpoints.accounts.signOut(token: token) }
        return .ok("{}")
    }

    /// `GET /users/me`: the person of the session token, with it.
    func me(_ request: APIRequest) async throws -> APIAnswer {
        guard let user = request.caller.user else { throw APIFailure.parse(209, "Invalid session token") }
        return .ok(try await userJSON(user.userId, sessionToken: user.sessionToken))
    }

    /// `GET /sessions/me`: the `_Session` of the token sent.
    func currentSession(_ request: APIRequest) async throws -> APIAnswer {
        guard let user = request.caller.user else { throw APIFailure.parse(209, "Invalid session token") }
        let token = user.sessionToken
        let session = try await store.read { reader in
            try reader.first(ParseQuery("_Session").where("sessionToken", equalTo: .string(token)))
        }
        guard let session else { throw APIFailure.parse(209, "Invalid session token") }
        return .ok(ParseJSON.encode(session))
    }

    /// `PUT` and `DELETE` of `/users/<id>`: a person changes their own account's app fields (the master key any
    /// account's); names, passwords and removing people stay on the People page, where the owner's rules hold.
    func change(userId: String, _ request: APIRequest) async throws -> APIAnswer {
        let caller = request.caller
        if !caller.isMaster {
            guard let user = caller.user else { throw APIFailure.parse(206, "Cannot modify user \(userId).") }
            guard user.userId == userId else { throw ParseError.objectNotFound }
        }
        if request.method == .delete { return .ok(try await remove(userId: userId)) }
        for key in ["username", "password", "authData", "emailVerified", "sessionToken"]
        where request.body[key] != nil {
            throw APIFailure.parse(119, "\(key) is changed on Parsnip's pages, not from an app.")
        }
        guard !caller.isMaster else { return .ok(try await endpoints.objects.update("_User", userId, request)) }
        // The person's own account, checked above: written for the caller (its ACL and `_User`'s addField
        // permission hold), only the class's update permission — no app writes anyone else's account — is waived.
        let operations = try APIObjects.operations(try APIDottedKeys.fold(request.body, current: nil), creating: false)
        guard operations.relationBatches.isEmpty else {
            throw APIFailure.parse(119, "A person's account takes one relation change per field at a time.")
        }
        defer { endpoints.accounts.accountsChanged() }
        let object = try await endpoints.objects.writePath.change(by: caller.user?.signedIn, access: caller.access) {
            session in try session.recordWriter.updateOwnUser(operations: operations.plain)
        }
        var answer: OrderedDictionary<String, ParseValue> = [
            "updatedAt": .string(ParseJSON.isoString(object.updatedAt))
        ]
        for key in operations.echoed.sorted() { answer[key] = object[key] ?? .null }
        return .ok(ParseJSON.encode(.object(answer)))
    }

    /// Removes an account that has no household role (someone who signed up from an app), with its sessions; the
    /// household's people are removed on the People page, where the last owner is kept.
    private func remove(userId: String) async throws -> String {
        let access = try await store.read { try $0.access(ofUser: userId) }
        guard case .entities(let entities) = access,
            entities.isDisjoint(with: Role.allCases.map { "role:\($0.rawValue)" })
        else {
            throw APIFailure.parse(
                119, "People with a role in the household are removed on Parsnip's People page, by the owner.")
        }
        // The People page's own removal: one way to remove a newcomer, whoever asks.
        guard try await endpoints.accounts.removeNewcomer(id: userId) else { throw ParseError.objectNotFound }
        return "{}"
    }

    /// The token and person of a successful sign-in or sign-up, or Parse's error for the others.
    /// `now` is the store clock's, which the throttle's times come from.
    private static func signedIn(_ outcome: APISignIn, now: Date) throws -> (token: String, userId: String) {
        switch outcome {
        case .signedIn(let token, let userId): return (token, userId)
        case .wrongNameOrPassword: throw APIFailure.parse(101, "Invalid username/password.")
        case .throttled(let until):
            throw APIFailure.throttled(seconds: Int(until.timeIntervalSince(now).rounded(.up)))
        case .refused(let code, let message): throw APIFailure.parse(code, message)
        }
    }

    /// The `_User` object with its session token, as login and `me` answer.
    private func userJSON(_ userId: String, sessionToken: String) async throws -> String {
        var user = try await store.read { try $0.fetch("_User", objectId: userId) }
        user.fields["sessionToken"] = .string(sessionToken)
        return ParseJSON.encode(user)
    }
}
