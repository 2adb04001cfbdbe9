import Foundation
import Logging
import ParseStore

/// The accounts feature as the Parse API uses it: the pages' sign-in throttle and password rules, and people with
/// or without a household role.
struct AccountsForAPI: APIAccounts {
    let accounts: StoreAccountRepository
    let throttle: SignInThrottle
    let pause: @Sendable (Duration) async -> Void

    func signIn(username: String, password: String, address: String?) async throws -> APISignIn {
        let attempt: SignInThrottle.Attempt
        switch try await throttle.begin(address: address, username: username) {
        case .refused(let until): return .throttled(until: until)
        case .allowed(let delay, let counted):
            attempt = counted
            if delay > .zero { await pause(delay) }
        }
        let session: StoreAccountRepository.AppSession?
        do {
            session = try await accounts.startAppSession(username: username, password: password)
        } catch {
            // The database failed: this attempt guessed nothing, so it stops counting.
            await throttle.withdraw(attempt)
            throw error
        }
        guard let session else { return .wrongNameOrPassword }
        await throttle.succeeded(attempt)
        return .signedIn(token: session.token, userId: session.userId)
    }

    func caller(forSession token: String) async throws -> APICaller? {
        guard let session = try await accounts.appSession(token: token) else { return nil }
        let user = APISessionUser(
            userId: session.userId, username: session.username, role: session.role, sessionToken: token)
        return APICaller(access: session.access, user: user)
    }

    func accountsChanged() {
        accounts.sessions.removeAll()
    }

    func removeNewcomer(id: String) async throws -> Bool {
        try await accounts.removeNewcomer(id: id) != nil
    }

    var accountsGeneration: Int { accounts.sessions.generation }

    func signUp(username: String, password: String, fields: [String: ParseValue], address: String?) async throws
        -> APISignIn
    {
        // Sign-ups count as attempts of one name per address, so a script cannot fill the database with accounts.
        switch try await throttle.begin(address: address, username: "/sign-up") {
        case .refused(let until): return .throttled(until: until)
        case .allowed: break
        }
        switch try await accounts.signUpFromApp(username: username, password: password, fields: fields) {
        case .success(let session): return .signedIn(token: session.token, userId: session.userId)
        case .failure(.usernameTaken): return .refused(code: 202, message: "Account already exists for this username.")
        case .failure(.rule(let problem)): return .refused(code: 142, message: problem + ".")
        }
    }

    func signOut(token: String) async throws {
        try await accounts.signOut(token: token)
    }
}

/// Who may do what through the Parse API to the household's data, as class-level permissions the store applies
/// while a class has none of its own (an owner may set others through the schema endpoint):
/// - the household's classes: every role reads, owners and editors add, change and delete (as on the pages);
///   a request without a household role — no session, or someone who signed up from an app — nothing;
/// - people (`_User`): the household reads; accounts are made by sign-up and changed on the pages or by their own
///   person through `/users/<id>` (which checks), never directly;
/// - roles and sessions: only the master key writes them (a role named "owner" is an owner on the pages);
///   a person reads and ends their own sessions through their ACLs;
/// - history and trash: the master key only.
enum HouseholdPermissions {
    static let readers: ParseValue = ["role:owner": true, "role:editor": true, "role:viewer": true]
    static let writers: ParseValue = ["role:owner": true, "role:editor": true]
    static let nobody: ParseValue = [:]

    /// The household's classes, whose objects the pages show.
    static let householdClasses =
        [
            StoreTodoRepository.className, StoreRecipeRepository.className, StoreBookRepository.Schema.book,
            StoreBookRepository.Schema.isbn,
        ] + CatalogueKind.allCases.map(\.className)

    static var defaults: [String: ParseValue] {
        var map: [String: ParseValue] = [:]
        for className in householdClasses {
            map[className] = [
                "find": readers, "count": readers, "get": readers, "create": writers, "update": writers,
                "delete": writers, "addField": writers,
            ]
        }
        map["_User"] = [
            "find": readers, "count": readers, "get": readers, "create": nobody, "update": nobody, "delete": nobody,
            "addField": nobody,
        ]
        map["_Role"] = ["create": nobody, "update": nobody, "delete": nobody, "addField": nobody]
        map["_Session"] = ["create": nobody, "update": nobody, "addField": nobody]
        for className in [HistoryLog.className, TrashBin.className] {
            map[className] = [
                "find": nobody, "count": nobody, "get": nobody, "create": nobody, "update": nobody, "delete": nobody,
                "addField": nobody,
            ]
        }
        return map
    }

    /// How the API's writes keep each household class's history and trash.
    static let records: [String: APIRecordKind] = {
        let kinds = [
            APIRecordKind(
                className: StoreTodoRepository.className, trashKind: StoreTodoRepository.trashKind, nameField: "title"),
            APIRecordKind(
                className: StoreRecipeRepository.className, trashKind: StoreRecipeRepository.trashKind,
                nameField: "name"),
            APIRecordKind(
                className: StoreBookRepository.Schema.book, trashKind: StoreBookRepository.bookTrashKind,
                nameField: "title"),
        ]
        let entries = CatalogueKind.allCases.map {
            APIRecordKind(className: $0.className, trashKind: $0.rawValue, nameField: "name")
        }
        return Dictionary(uniqueKeysWithValues: (kinds + entries).map { ($0.className, $0) })
    }()
}
