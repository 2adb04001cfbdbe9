import Foundation
import HTTPTypes
import ParseStore

/// An API request that ends in Parse's error shape: `{"code": n, "error": "…"}` with Parse Server's status for the
/// code (404 for 101, 500 for 1, 400 otherwise), or the bare `{"error": "unauthorized"}` of a refused key.
struct APIFailure: Error, Sendable, Equatable {
    let status: HTTPResponse.Status
    /// The JSON body.
    let body: String

    /// Parse's answer to `error`: its code and message, with the status Parse Server gives that code.
    init(_ error: ParseError) {
        let status: HTTPResponse.Status =
            switch error.code {
            case .objectNotFound: .notFound
            case .internalServerError: .internalServerError
            default: .badRequest
            }
        // An unexpected failure's details (SQLite's text) go to the log only; a busy, full or read-only database is
        // said in plain words.
        let message =
            error.code == .internalServerError && error.storageFailure == nil ? "Internal server error." : error.message
        self.init(status: status, code: error.code.rawValue, message: message)
    }

    init(status: HTTPResponse.Status, code: Int, message: String) {
        self.status = status
        self.body = ParseJSON.encode(["code": .number(Double(code)), "error": .string(message)])
    }

    private init(status: HTTPResponse.Status, body: String) {
        self.status = status
        self.body = body
    }

    /// A missing or wrong application id (or a master key sent from where it is not accepted).
    static let unauthorized = APIFailure(status: .forbidden, body: #"{"error":"unauthorized"}"#)
    /// A route only the master key may use.
    static let masterKeyRequired = APIFailure(
        status: .forbidden, body: #"{"error":"unauthorized: master key is required"}"#)
    /// A request that matched no endpoint of the API.
    static func noEndpoint(_ method: String, _ path: String) -> APIFailure {
        APIFailure(status: .notFound, code: 119, message: "No Parse endpoint answers \(method) \(path)")
    }
    /// Too many sign-in attempts.
    static func throttled(seconds: Int) -> APIFailure {
        APIFailure(
            status: .tooManyRequests, code: 100,
            message: "Too many sign-in attempts. Try again in \(max(seconds, 1)) seconds.")
    }
    /// Something failed inside the server; its details go to the log only.
    static let internalError = APIFailure(
        status: .internalServerError, body: #"{"code":1,"message":"Internal server error."}"#)

    /// Too many large bodies are being read at once (`APIBodyBudget`): worth retrying in a moment.
    static let serverBusy = APIFailure(
        status: .serviceUnavailable, code: 1, message: "Parsnip is busy reading other requests; try again in a moment.")

    /// Shorthand for a Parse error with a code and message.
    static func parse(_ code: Int, _ message: String) -> APIFailure {
        APIFailure(ParseError(.init(rawValue: code), message))
    }
}
