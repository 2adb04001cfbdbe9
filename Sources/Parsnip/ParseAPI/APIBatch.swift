import Foundation
import HTTPTypes
import OrderedCollections
import ParseStore

/// `POST /batch`: up to 100 requests, each answered in order with `{"success": …}` or `{"error": …}`; with
/// `"transaction": true` the writes run in one transaction and the first failure undoes them all, as Parse Server
/// does on PostgreSQL.
struct APIBatch: Sendable {
    let endpoints: APIEndpoints

    /// The most requests one batch takes (ParseSwift sends 50 at a time).
    static let maximumRequests = 100

    /// One request of the batch.
    struct Item: Sendable {
        var method: HTTPRequest.Method
        var segments: [String]
        var body: OrderedDictionary<String, ParseValue>
    }

    func run(_ request: APIRequest) async throws -> String {
        let items = try Self.items(request.body)
        if request.body["transaction"].map(APIQueryOptions.isTrue) == true {
            return try await runInOneTransaction(items, request)
        }
        var answers: [String] = []
        for item in items {
            var single = request
            single.method = item.method
            single.segments = item.segments
            single.body = item.body
            single.options = [:]
            do {
                let answer = try await endpoints.respond(single)
                answers.append("{\"success\":\(answer.body)}")
            } catch let failure as APIFailure {
                answers.append("{\"error\":\(failure.body)}")
            } catch let error as ParseError {
                answers.append("{\"error\":\(APIFailure(error).body)}")
            } catch let ruleBreak as RuleBreak {
                answers.append("{\"error\":\(APIFailure(ruleBreak.parseError).body)}")
            }
        }
        return "[" + answers.joined(separator: ",") + "]"
    }

    /// Every item a create, update or delete of an object, all in one change; the first failure is the answer.
    private func runInOneTransaction(_ items: [Item], _ request: APIRequest) async throws -> String {
        let objects = endpoints.objects
        let caller = request.caller
        for item in items {
            guard item.segments.first == "classes", (2...3).contains(item.segments.count), item.method != .get else {
                throw APIFailure.parse(
                    107, "A batch in one transaction may only create, update and delete objects under /classes")
            }
            if item.segments[1] == "_User" {
                throw APIFailure.parse(
                    107, "People are signed up and changed one request at a time, not in a transaction")
            }
            if item.segments.count == 2, !caller.isMaster, !endpoints.householdClasses.contains(item.segments[1]),
                try await endpoints.store.read({ try $0.schema(item.segments[1]) }) == nil
            {
                throw APIFailure.parse(
                    119, "This user is not allowed to access non-existent class: \(item.segments[1])")
            }
        }
        defer {
            if items.contains(where: { APIObjects.accountClasses.contains($0.segments[1]) }) {
                objects.accountsChanged()
            }
        }
        let answers = try await objects.writePath.change(by: caller.user?.signedIn, access: caller.access) {
            session in
            try items.map { item -> String in
                let className = item.segments[1]
                switch (item.method, item.segments.count) {
                case (.post, 2): return try objects.create(className, body: item.body, in: session).body
                case (.put, 3): return try objects.update(className, item.segments[2], body: item.body, in: session)
                case (.delete, 3):
                    try objects.delete(className, item.segments[2], in: session)
                    return "{}"
                default:
                    // Inside the transaction only a ParseError keeps its code (anything else is the store's 1).
                    throw ParseError(
                        .invalidJSON,
                        "cannot route \(item.method.rawValue) /parse/\(item.segments.joined(separator: "/"))")
                }
            }
        }
        return "[" + answers.map { "{\"success\":\($0)}" }.joined(separator: ",") + "]"
    }

    /// The batch's requests: each a method, a path under the mount path (`/parse/classes/X`, or `//classes/X` as
    /// ParseSwift writes it for a server URL without a path) and an optional body.
    ///
    /// - Throws: Parse's 107 for a malformed batch, naming what is wrong.
    static func items(_ body: OrderedDictionary<String, ParseValue>) throws -> [Item] {
        guard case .array(let requests)? = body["requests"] else {
            throw APIFailure.parse(107, "requests must be an array")
        }
        guard requests.count <= maximumRequests else {
            throw APIFailure.parse(107, "A batch may hold at most \(maximumRequests) requests")
        }
        return try requests.map { value in
            guard case .object(let members) = value, case .string(let methodName)? = members["method"],
                case .string(let path)? = members["path"]
            else { throw APIFailure.parse(107, "Each request of a batch needs a method and a path") }
            guard
                let method = ["GET": HTTPRequest.Method.get, "POST": .post, "PUT": .put, "DELETE": .delete][
                    methodName.uppercased()]
            else { throw APIFailure.parse(107, "cannot route \(methodName) \(path)") }
            guard let segments = APIRequest.segments(ofPath: Substring(path), allowingRoot: true), !segments.isEmpty,
                segments.first != "batch"
            else { throw APIFailure.parse(107, "cannot route batch path \(path)") }
            var requestBody: OrderedDictionary<String, ParseValue> = [:]
            switch members["body"] {
            case nil, .null?: break
            case .object(let object)?: requestBody = object
            default: throw APIFailure.parse(107, "The body of a batch request must be an object")
            }
            return Item(method: method, segments: segments, body: requestBody)
        }
    }
}
