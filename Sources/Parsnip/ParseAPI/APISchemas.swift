import Foundation
import OrderedCollections
import ParseStore

/// `/schemas` and `/schemas/<class>`, for the master key only: read every class's fields and permissions, add a
/// class or fields, remove fields or an empty class, and set class-level permissions. The household's classes and
/// Parse's own keep their classes and fields (the pages need them); fields and permissions may be added to them.
struct APISchemas: Sendable {
    let endpoints: APIEndpoints
    /// The classes whose fields and class cannot be removed.
    let keptClasses: Set<String>

    func respond(_ className: String?, _ request: APIRequest) async throws -> APIAnswer {
        guard request.caller.isMaster else { throw APIFailure.masterKeyRequired }
        let store = endpoints.store
        switch (className, request.method) {
        case (nil, .get):
            let all = try await store.read { try $0.restSchemas() }
            return .ok(ParseJSON.encode(["results": .array(all)]))
        case (nil, .post):
            guard let name = request.body["className"]?.stringValue else {
                throw APIFailure.parse(135, "POST /schemas needs a class name.")
            }
            return try await create(name, request)
        case (let name?, .get):
            guard let schema = try await store.read({ try $0.restSchema(name) }) else {
                throw APIFailure.parse(103, "Class \(name) does not exist.")
            }
            return .ok(ParseJSON.encode(schema))
        case (let name?, .post):
            if let named = request.body["className"]?.stringValue, named != name {
                throw APIFailure.parse(102, "Class name mismatch between \(named) and \(name).")
            }
            return try await create(name, request)
        case (let name?, .put):
            return try await change(name, request)
        case (let name?, .delete):
            guard !keptClasses.contains(name) else {
                throw APIFailure.parse(255, "Parsnip's pages keep the class \(name): it cannot be removed.")
            }
            try await endpoints.objects.writePath.change(by: nil, access: .master) {
                try $0.recordWriter.deleteClass(name)
            }
            return .ok("{}")
        default:
            throw APIFailure.noEndpoint(request.method.rawValue, "/parse/schemas")
        }
    }

    private func create(_ name: String, _ request: APIRequest) async throws -> APIAnswer {
        if try await endpoints.store.read({ try $0.schema(name) }) != nil {
            throw APIFailure.parse(103, "Class \(name) already exists.")
        }
        let (added, removed) = try Self.fields(request.body)
        guard removed.isEmpty else { throw APIFailure.parse(255, "Field \(removed[0]) does not exist, cannot delete.") }
        let permissions = request.body["classLevelPermissions"]
        let schema = try await endpoints.objects.writePath.change(by: nil, access: .master) { session -> ParseValue? in
            let writer = session.recordWriter
            try writer.addFields(name, added)
            if let permissions { try writer.setClassLevelPermissions(name, permissions) }
            return try writer.reader.restSchema(name)
        }
        return .ok(ParseJSON.encode(schema ?? .null))
    }

    private func change(_ name: String, _ request: APIRequest) async throws -> APIAnswer {
        let (added, removed) = try Self.fields(request.body)
        if !removed.isEmpty, keptClasses.contains(name) {
            throw APIFailure.parse(255, "Parsnip's pages keep the fields of \(name): they cannot be removed.")
        }
        let permissions = request.body["classLevelPermissions"]
        let schema = try await endpoints.objects.writePath.change(by: nil, access: .master) { session -> ParseValue? in
            let writer = session.recordWriter
            guard try writer.reader.schema(name) != nil else {
                throw ParseError(.invalidClassName, "Class \(name) does not exist.")
            }
            for field in removed { try writer.deleteField(name, field) }
            if !added.isEmpty { try writer.addFields(name, added) }
            if let permissions { try writer.setClassLevelPermissions(name, permissions) }
            return try writer.reader.restSchema(name)
        }
        return .ok(ParseJSON.encode(schema ?? .null))
    }

    /// The body's `fields`: those to add with their types, and those marked `{"__op": "Delete"}`.
    static func fields(_ body: OrderedDictionary<String, ParseValue>) throws -> (
        added: [(String, ParseFieldType)], removed: [String]
    ) {
        guard let value = body["fields"] else { return ([], []) }
        guard case .object(let fields) = value else { throw APIFailure.parse(107, "fields must be an object") }
        var added: [(String, ParseFieldType)] = []
        var removed: [String] = []
        for (name, description) in fields {
            if description.objectValue?["__op"] == "Delete" {
                removed.append(name)
                continue
            }
            guard let type = ParseFieldType(schemaDescription: description) else {
                let typeName = description.objectValue?["type"]?.stringValue ?? ParseJSON.encode(description)
                if typeName == "Pointer" || typeName == "Relation" {
                    throw APIFailure.parse(135, "type \(typeName) needs a class name")
                }
                throw APIFailure.parse(255, "invalid field type: \(typeName)")
            }
            added.append((name, type))
        }
        return (added, removed)
    }
}
