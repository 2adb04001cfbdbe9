import Foundation
import OrderedCollections
import ParseStore

/// Parse's object endpoints over the one write path: find, get, create, update and delete, each reading and writing
/// as the request's caller, so ACLs and class-level permissions decide in the store's SQL.
struct APIObjects: Sendable {
    let store: ParseStore
    let writePath: WritePath
    /// The household's classes, by name (stamped, with history and trash).
    let records: [String: APIRecordKind]
    /// Called after a write to an account class (`_User`, `_Session`, `_Role`), so no remembered session outlives it.
    let accountsChanged: @Sendable () -> Void

    /// The classes whose changes can change who a session is or what it may do.
    static let accountClasses: Set<String> = ["_User", "_Session", "_Role"]

    /// `GET /classes/C`: `{"results": […]}`, and `count` when asked.
    func find(_ className: String, _ request: APIRequest) async throws -> String {
        var options = try APIQueryOptions(className: className, options: request.queryOptions)
        let access = request.caller.access
        if let key = request.queryOptions["redirectClassNameForKey"]?.stringValue {
            let schema = try await store.read(within: ParseStore.queryTimeLimit) {
                try $0.acting(as: access).schema(className)
            }
            if case .relation(let target)? = schema?.fields[key] { options.query.className = target }
        }
        let query = options.query
        let counting = options.count
        let (objects, count) = try await store.read(within: ParseStore.queryTimeLimit) {
            reader -> ([ParseObject], Int?) in
            let acting = reader.acting(as: access)
            let objects = try acting.find(query)
            return (objects, counting ? try acting.count(query) : nil)
        }
        var text = "{\"results\":["
        for (index, object) in objects.enumerated() {
            if index > 0 { text += "," }
            text += APIObjects.json(object, excluding: options.excludeKeys, request)
        }
        text += "]"
        if let count { text += ",\"count\":\(count)" }
        return text + "}"
    }

    /// `GET /classes/C/<id>`: the object, or 101 when there is none the caller may read.
    func get(_ className: String, _ objectId: String, _ request: APIRequest) async throws -> String {
        try await get(className, objectId, request) { reader, include in
            try reader.fetch(className, objectId: objectId, include: include)
        }
    }

    /// `GET /users/<own id>`: the caller's own account, whatever `_User`'s class-level permissions say; its includes
    /// and everything else read for the caller, as any read.
    func getOwnUser(_ request: APIRequest) async throws -> String {
        guard let userId = request.caller.user?.userId else { throw ParseError.objectNotFound }
        return try await get("_User", userId, request) { reader, include in
            try reader.fetchOwnUser(include: include)
        }
    }

    /// A single object read by `fetch` for the caller, within the query time limit, with `keys`, `include` and
    /// `excludeKeys` applied.
    private func get(
        _ className: String, _ objectId: String, _ request: APIRequest,
        fetch: @escaping @Sendable (ParseReader, [String]) throws -> ParseObject
    ) async throws -> String {
        let options = try APIQueryOptions.forGet(
            className: className, objectId: objectId, options: request.queryOptions)
        let access = request.caller.access
        let include = options.query.include
        var object = try await store.read(within: ParseStore.queryTimeLimit) { reader in
            try fetch(reader.acting(as: access), include)
        }
        if let keys = options.query.keys {
            let kept = Set(keys.map { String($0.split(separator: ".").first ?? "") }).union(APIQueryOptions.alwaysKept)
            object.fields = object.fields.filter { kept.contains($0.key) }
        }
        return APIObjects.json(object, excluding: options.excludeKeys, request)
    }

    /// `POST /classes/C`: 201 with `objectId`, `createdAt` and the value of each field an operator set.
    func create(_ className: String, _ request: APIRequest) async throws -> (objectId: String, body: String) {
        let caller = request.caller
        let body = request.body
        defer { if Self.accountClasses.contains(className) { accountsChanged() } }
        return try await writePath.change(by: caller.user?.signedIn, access: caller.access) { session in
            try create(className, body: body, in: session)
        }
    }

    /// `PUT /classes/C/<id>`: `updatedAt` and the value of each field an operator changed; 101 when there is no
    /// object the caller may write.
    func update(_ className: String, _ objectId: String, _ request: APIRequest) async throws -> String {
        let caller = request.caller
        let body = request.body
        defer { if Self.accountClasses.contains(className) { accountsChanged() } }
        return try await writePath.change(by: caller.user?.signedIn, access: caller.access) { session in
            try update(className, objectId, body: body, in: session)
        }
    }

    /// `DELETE /classes/C/<id>`: `{}`; a household record goes to the trash. 101 when there is no object the caller
    /// may write.
    func delete(_ className: String, _ objectId: String, _ request: APIRequest) async throws -> String {
        let caller = request.caller
        defer { if Self.accountClasses.contains(className) { accountsChanged() } }
        try await writePath.change(by: caller.user?.signedIn, access: caller.access) { session in
            try delete(className, objectId, in: session)
        }
        return "{}"
    }

    /// A create inside `session` (one request, or one of a transactional batch).
    func create(_ className: String, body: OrderedDictionary<String, ParseValue>, in session: ChangeSession) throws
        -> (objectId: String, body: String)
    {
        let operations = try Self.operations(try APIDottedKeys.fold(body, current: nil), creating: true)
        var object =
            records[className] != nil
            ? try session.create(className, operations.plain)
            : try session.recordWriter.create(className, operations: operations.plain)
        for more in operations.relationBatches {
            object = try session.recordWriter.update(className, objectId: object.objectId, operations: more)
        }
        var answer: OrderedDictionary<String, ParseValue> = [
            "objectId": .string(object.objectId), "createdAt": .string(ParseJSON.isoString(object.createdAt)),
        ]
        for key in operations.echoed.sorted() { answer[key] = object[key] ?? .null }
        return (object.objectId, ParseJSON.encode(.object(answer)))
    }

    /// An update inside `session`; a household record's change goes into its history.
    func update(
        _ className: String, _ objectId: String, body: OrderedDictionary<String, ParseValue>, in session: ChangeSession
    ) throws -> String {
        // A dotted key changes one member of an Object field: read inside this transaction, so nothing in between.
        let current =
            body.keys.contains { $0.contains(".") } ? try? session.reader.fetch(className, objectId: objectId) : nil
        let operations = try Self.operations(try APIDottedKeys.fold(body, current: current), creating: false)
        var object: ParseObject
        if records[className] != nil {
            let before = try? session.reader.fetch(className, objectId: objectId)
            object = try session.update(className, objectId: objectId, operations.plain)
            try session.record(
                .edited, RecordReference(className: className, objectId: objectId),
                before: before.map { RecordSnapshot.of($0) }, after: RecordSnapshot.of(object))
        } else {
            object = try session.recordWriter.update(className, objectId: objectId, operations: operations.plain)
        }
        for more in operations.relationBatches {
            object = try session.recordWriter.update(className, objectId: objectId, operations: more)
        }
        var answer: OrderedDictionary<String, ParseValue> = [
            "updatedAt": .string(ParseJSON.isoString(object.updatedAt))
        ]
        for key in operations.echoed.sorted() { answer[key] = object[key] ?? .null }
        return ParseJSON.encode(.object(answer))
    }

    /// A delete inside `session`: a household record goes to the trash under the pages' kind, and nothing else
    /// goes with it (Parse's delete removes no Relation rows).
    func delete(_ className: String, _ objectId: String, in session: ChangeSession) throws {
        guard let kind = records[className] else {
            try session.recordWriter.delete(className, objectId: objectId)
            return
        }
        _ = try session.deleteToTrash(
            RecordReference(className: className, objectId: objectId), kind: kind.trashKind, name: kind.name)
    }

    /// A body's fields as store updates: `plain` for one write, `relationBatches` for the rest of a `Batch` of
    /// relation operators on one field, and the fields whose stored value the answer echoes (every operator but
    /// `Delete` and the relation ones).
    static func operations(_ body: OrderedDictionary<String, ParseValue>, creating: Bool) throws -> (
        plain: [String: ParseUpdate], relationBatches: [[String: ParseUpdate]], echoed: [String]
    ) {
        var plain: [String: ParseUpdate] = [:]
        var later: [[String: ParseUpdate]] = []
        var echoed: [String] = []
        for (key, value) in body {
            if creating, key == "objectId" || key == "id" {
                throw ParseError(.invalidKeyName, "\(key) is an invalid field name.")
            }
            // Parse ignores the timestamps a client sends; the server sets them.
            if key == "createdAt" || key == "updatedAt" || key == "objectId" { continue }
            let updates = try ParseUpdate.fromREST(value)
            guard let first = updates.first else { continue }
            plain[key] = first
            for (index, update) in updates.dropFirst().enumerated() {
                if later.count <= index { later.append([:]) }
                later[index][key] = update
            }
            switch first {
            case .increment, .add, .addUnique, .remove: echoed.append(key)
            default: break
            }
        }
        return (plain, later, echoed)
    }

    /// An object as the API returns it: without `excluding`'s fields, every File with the URL it is read from.
    static func json(_ object: ParseObject, excluding: Set<String>, _ request: APIRequest) -> String {
        var shown = object
        for key in excluding { shown.fields[key] = nil }
        if shown.fields.values.contains(where: \.holdsFile) { shown = shown.withFileURLs(request.fileURL) }
        return ParseJSON.encode(shown)
    }
}
