import Foundation
import NIOCore
import OrderedCollections
import ParseStore

/// A request's JSON body, as Parse Server reads it: whatever the declared content type (the JavaScript SDK sends
/// `text/plain`), a body that is not empty must be one JSON object. Its `_ApplicationId`, `_MasterKey`,
/// `_SessionToken`, `_InstallationId`, `_ClientVersion`, `_JavaScriptKey` and `_method` members are the JavaScript
/// SDK's way of sending headers and are taken out; what is left is the request's own body.
struct APIBody: Sendable {
    /// The most a JSON body may hold: a batch of 50 recipes with their steps is far less.
    static let maximumJSONBytes = 4 * 1024 * 1024
    /// The most a file upload may hold: as the recipe photo form.
    static let maximumFileBytes = 20 * 1024 * 1024
    /// The most a body may hold when no `X-Parse-Application-Id` header came with it (the JavaScript SDK sends the id
    /// inside the body): it must be read before anything about it is known, so it is kept small.
    static let maximumBytesWithoutKeys = 1024 * 1024

    /// The body's members, without the header members.
    var members: OrderedDictionary<String, ParseValue>
    /// The header members the JavaScript SDK put in the body (`_ApplicationId` → its value).
    var headerMembers: [String: String]

    static let empty = APIBody(members: [:], headerMembers: [:])

    /// The body of `bytes`: empty for no bytes.
    ///
    /// - Throws: `APIFailure` 107 for text that is not one JSON object.
    init(bytes: ByteBufferView) throws {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            self = .empty
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let value: ParseValue
        do {
            value = try ParseJSON.decode(text)
        } catch let error as ParseError {
            throw APIFailure(ParseError(.invalidJSON, "The body is not valid JSON: \(error.message)"))
        }
        guard case .object(var members) = value else {
            throw APIFailure.parse(107, "The body must be a JSON object")
        }
        var headers: [String: String] = [:]
        for key in Self.headerKeys {
            if let member = members.removeValue(forKey: key) {
                guard case .string(let text) = member else { throw APIFailure.parse(107, "\(key) must be a string") }
                headers[key] = text
            }
        }
        self.init(members: members, headerMembers: headers)
    }

    init(members: OrderedDictionary<String, ParseValue>, headerMembers: [String: String]) {
        self.members = members
        self.headerMembers = headerMembers
    }

    /// The members the JavaScript SDK uses in place of headers.
    static let headerKeys = [
        "_ApplicationId", "_MasterKey", "_SessionToken", "_InstallationId", "_ClientVersion", "_JavaScriptKey",
        "_ClientKey", "_RevocableSession", "_method", "_ContentType",
    ]
}
