import Foundation
import HTTPTypes
import OrderedCollections
import ParseStore

/// Finds the endpoint of a request from its method and path segments and runs it: the same for an HTTP request and
/// for each request of a batch.
struct APIEndpoints: Sendable {
    let store: ParseStore
    let objects: APIObjects
    let accounts: any APIAccounts
    let keys: APIKeys
    let files: APIFiles
    /// The classes the pages need whole: the schema endpoint removes none of them, nor their fields.
    var keptClasses: Set<String> {
        householdClasses.union(["_User", "_Role", "_Session", "_History", "_Trash", "_Installation"])
    }
    /// The household's classes: an editor may add the first object of one (its permissions say who may), while any
    /// other new class is made only with the master key.
    let householdClasses: Set<String>

    /// The classes ParseSwift reaches by their own endpoints.
    static let systemEndpoints = [
        "users": "_User", "roles": "_Role", "sessions": "_Session", "installations": "_Installation",
    ]

    /// Who a request acts as: the master key, the person of a session token (with every role that includes them),
    /// or nobody.
    ///
    /// - Throws: `APIFailure.unauthorized` for a wrong master key; Parse's 209 for an unknown or expired session.
    func caller(masterKey: String?, sessionToken: String?) async throws -> APICaller {
        if let masterKey {
            guard keys.isMasterKey(masterKey) else { throw APIFailure.unauthorized }
            return .master
        }
        guard let sessionToken, !sessionToken.isEmpty else { return .anonymous }
        guard let caller = try await accounts.caller(forSession: sessionToken) else {
            throw APIFailure.parse(209, "Invalid session token")
        }
        return caller
    }

    /// Runs the endpoint of `request`.
    ///
    /// - Throws: `APIFailure` or `ParseError`, which the caller turns into Parse's error shape.
    func respond(_ request: APIRequest) async throws -> APIAnswer {
        let segments = request.segments
        let method = request.method
        switch (segments.first, segments.count) {
        case ("classes", 2), ("classes", 3):
            return try await objectEndpoint(
                className: segments[1], objectId: segments.count == 3 ? segments[2] : nil, request)
        case ("users", 2) where segments[1] == "me":
            guard method == .get else { break }
            return try await APIUsers(endpoints: self).me(request)
        case ("sessions", 2) where segments[1] == "me":
            guard method == .get else { break }
            return try await APIUsers(endpoints: self).currentSession(request)
        case (let name?, 1), (let name?, 2):
            if let className = Self.systemEndpoints[name] {
                return try await objectEndpoint(
                    className: className, objectId: segments.count == 2 ? segments[1] : nil, request)
            }
            return try await otherEndpoint(name, segments, request)
        default:
            break
        }
        throw APIFailure.noEndpoint(method.rawValue, "/parse/" + segments.joined(separator: "/"))
    }

    /// `/classes/C` and `/classes/C/<id>` (and `/users`, `/roles`, `/sessions`, `/installations`).
    private func objectEndpoint(className: String, objectId: String?, _ request: APIRequest) async throws
        -> APIAnswer
    {
        if className == "_User" {
            switch (objectId, request.method) {
            case (let id?, .get) where id == request.caller.user?.userId:
                // A person may always read their own account, with or without a household role; nothing else is
                // read with more than the caller's own access.
                return .ok(try await objects.getOwnUser(request))
            case (nil, .post): return try await APIUsers(endpoints: self).signUp(request)
            case (let id?, .put), (let id?, .delete):
                return try await APIUsers(endpoints: self).change(userId: id, request)
            default: break
            }
        }
        guard let objectId else {
            switch request.method {
            case .get: return .ok(try await objects.find(className, request))
            case .post:
                try await refuseNewClass(className, request)
                let created = try await objects.create(className, request)
                let path = className == "_User" ? "users" : "classes/\(className)"
                return APIAnswer(
                    status: .created, body: created.body, location: "\(request.mountURL)/\(path)/\(created.objectId)")
            default: throw APIFailure.noEndpoint(request.method.rawValue, "/parse/classes/\(className)")
            }
        }
        switch request.method {
        case .get: return .ok(try await objects.get(className, objectId, request))
        case .put: return .ok(try await objects.update(className, objectId, request))
        case .delete: return .ok(try await objects.delete(className, objectId, request))
        default: throw APIFailure.noEndpoint(request.method.rawValue, "/parse/classes/\(className)/\(objectId)")
        }
    }

    /// Only the master key creates a class (Parse Server's `allowClientClassCreation: false`): an app's own class is
    /// made once with the key, or through the schema endpoint.
    private func refuseNewClass(_ className: String, _ request: APIRequest) async throws {
        guard !request.caller.isMaster, !householdClasses.contains(className) else { return }
        if try await store.read({ try $0.schema(className) }) == nil {
            throw APIFailure.parse(119, "This user is not allowed to access non-existent class: \(className)")
        }
    }

    /// The endpoints that are not objects: batch, sign-in, server information, cloud code.
    private func otherEndpoint(_ name: String, _ segments: [String], _ request: APIRequest) async throws
        -> APIAnswer
    {
        let method = request.method
        switch (name, segments.count, method) {
        case ("batch", 1, .post):
            return .ok(try await APIBatch(endpoints: self).run(request))
        case ("login", 1, .get), ("login", 1, .post):
            return try await APIUsers(endpoints: self).logIn(request)
        case ("logout", 1, .post):
            return try await APIUsers(endpoints: self).logOut(request)
        case ("serverInfo", 1, .get):
            guard request.caller.isMaster else { throw APIFailure.masterKeyRequired }
            return .ok(Self.serverInfo)
        case ("config", 1, .get):
            return .ok(#"{"params":{},"masterKeyOnly":{}}"#)
        case ("schemas", 1, _), ("schemas", 2, _):
            return try await APISchemas(endpoints: self, keptClasses: keptClasses)
                .respond(segments.count == 2 ? segments[1] : nil, request)
        case ("files", 2, .post):
            return try await files.upload(segments[1], request)
        case ("files", 2, .delete):
            guard request.caller.isMaster else { throw APIFailure.masterKeyRequired }
            throw APIFailure.parse(153, "Parsnip removes a file itself once nothing has named it for a year.")
        case ("functions", 2, .post), ("jobs", 2, .post):
            throw APIFailure.parse(141, "Invalid function: \"\(segments[1])\"")
        case ("aggregate", 2, .get):
            guard request.caller.isMaster else { throw APIFailure.masterKeyRequired }
            throw APIFailure.parse(119, "Parsnip does not support aggregate queries or distinct")
        default:
            throw APIFailure.noEndpoint(method.rawValue, "/parse/" + segments.joined(separator: "/"))
        }
    }

    /// What `/serverInfo` tells a client: the Parse Server version whose REST API this follows, and what it offers.
    static let serverInfo = ParseJSON.encode(
        [
            "parseServerVersion": "7.4.0",
            "features": [
                "globalConfig": ["create": false, "read": true, "update": false, "delete": false],
                "hooks": ["create": false, "read": false, "update": false, "delete": false],
                "cloudCode": ["jobs": false],
                "logs": ["level": false, "size": false, "order": false, "until": false, "from": false],
                "push": ["immediatePush": false, "scheduledPush": false, "storedPushData": false],
                "schemas": [
                    "addField": true, "removeField": true, "addClass": true, "removeClass": true,
                    "clearAllDataFromClass": false, "exportClass": false, "editClassLevelPermissions": true,
                    "editPointerPermissions": false,
                ],
            ],
        ])
}
