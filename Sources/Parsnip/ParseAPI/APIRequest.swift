import Foundation
import HTTPTypes
import NIOCore
import OrderedCollections
import ParseStore

/// One API request as the endpoints see it — an HTTP request or one request of a batch: its method (after the
/// JavaScript SDK's `_method`), the path under the mount, its options and its body, and who it acts as.
struct APIRequest: Sendable {
    var method: HTTPRequest.Method
    /// The path's segments after `/parse` (`["classes", "TodoListItem", "xWMyZ4YEGZ"]`).
    var segments: [String]
    /// The query string's values, each read as JSON when it is JSON and kept as text otherwise (a find's options).
    var options: OrderedDictionary<String, ParseValue>
    /// The query string's values as the text sent, for the endpoints whose parameters are strings (`GET /login`).
    var queryText: OrderedDictionary<String, String> = [:]
    var body: OrderedDictionary<String, ParseValue>
    var caller: APICaller
    /// The URL the API is mounted at, as the client reached it (`http://host:1337/parse`), for `Location` and file
    /// URLs.
    var mountURL: String
    /// The application id the API answers to (for file URLs).
    var applicationId: String
    /// The address the request came from.
    var remoteAddress: String?
    /// The session token sent, even where the endpoint ignores it for the caller (`/logout` ends it).
    var sessionToken: String?
    /// A file upload's bytes (`POST /files/<name>`), read raw and never as JSON.
    var fileBytes: ByteBuffer?
    /// The `Content-Type` sent, for a file upload.
    var contentType: String?

    /// The URL a client reads the kept file `name` from.
    func fileURL(_ name: String) -> String {
        APIFiles.url(of: name, mountURL: mountURL, applicationId: applicationId)
    }

    /// A find's or get's options: the query string's, or the body's for a `_method: GET` POST.
    var queryOptions: OrderedDictionary<String, ParseValue> { method == .get && !body.isEmpty ? body : options }

    /// The segments of `path` below the mount path `/parse`, with empty and `.` segments dropped (a batch path
    /// `//classes/X` is the `classes/X` of a server URL without a path, as ParseSwift makes it); nil for a path
    /// outside the mount or one with `..`.
    static func segments(ofPath path: Substring, allowingRoot: Bool = false) -> [String]? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        if parts.contains("..") { return nil }
        if parts.first == "parse" {
            parts.removeFirst()
        } else if !allowingRoot {
            return nil
        }
        return parts
    }

    /// The query string's options: `a=1&b=[\"x\"]`, `+` read as a space and `%XX` decoded, each value JSON when it
    /// parses and text otherwise (Parse Server's rule for finds); a repeated name keeps its last value.
    static func options(ofQuery query: Substring) -> OrderedDictionary<String, ParseValue> {
        text(ofQuery: query).mapValues { text in (try? ParseJSON.decode(text)) ?? .string(text) }
    }

    /// The query string's values as text: `+` read as a space and `%XX` decoded; a repeated name keeps its last
    /// value, a name whose escapes are not UTF-8 is left out.
    static func text(ofQuery query: Substring) -> OrderedDictionary<String, String> {
        var values: OrderedDictionary<String, String> = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), !name.isEmpty else { continue }
            values[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
        }
        return values
    }

    /// A form-encoded component decoded; nil when its percent escapes are not UTF-8.
    private static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
