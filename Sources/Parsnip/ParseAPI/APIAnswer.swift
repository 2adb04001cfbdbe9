import HTTPTypes
import Hummingbird
import NIOCore

/// What an endpoint answers: a status and a JSON body, and for a create the new object's address.
struct APIAnswer: Sendable {
    var status: HTTPResponse.Status = .ok
    var body: String
    /// The `Location` of a created object or file.
    var location: String?

    static func ok(_ body: String) -> APIAnswer { APIAnswer(body: body) }

    /// The HTTP response, with the CORS headers Parse Server sends on every answer.
    var response: Response {
        var headers: HTTPFields = APICORS.headers
        headers[.contentType] = "application/json; charset=utf-8"
        if let location { headers[.location] = location }
        if status == .serviceUnavailable { headers[.retryAfter] = "1" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Parse Server's cross-origin answer: any page may call the API, because the API never reads a cookie — a page on
/// another site has no session token or master key to send, and the allowed-host rule still refuses a foreign
/// `Host` (a rebound DNS name).
enum APICORS {
    static let headers: HTTPFields = [
        .accessControlAllowOrigin: "*",
        .accessControlAllowMethods: "GET,PUT,POST,DELETE,OPTIONS",
        .accessControlAllowHeaders:
            "X-Parse-Master-Key, X-Parse-REST-API-Key, X-Parse-Javascript-Key, X-Parse-Application-Id, "
            + "X-Parse-Client-Version, X-Parse-Session-Token, X-Requested-With, X-Parse-Revocable-Session, "
            + "X-Parse-Request-Id, X-Parse-Client-Key, X-Parse-Installation-Id, X-Parse-Cloud-Context, "
            + "Content-Type, Pragma, Cache-Control",
        .accessControlExposeHeaders: "X-Parse-Job-Status-Id, X-Parse-Push-Status-Id",
    ]
}
