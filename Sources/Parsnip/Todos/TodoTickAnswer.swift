import Foundation
import Hummingbird

/// What a tick answers the page's script: the to-do's state, the sentence to announce, and the new count line, in
/// the page's language.
struct TodoTickAnswer: Encodable, Sendable {
    let done: Bool
    let message: String
    let countLine: String

    /// 200 with this as JSON; never cached.
    var response: Response {
        let data = (try? JSONEncoder().encode(self)) ?? Data("{}".utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
