import Foundation
import Hummingbird

/// A form sent after its person's sign-in ended (signed out in another tab, the password changed elsewhere, the
/// sign-in ran out): where it was going and what was typed, carried through the sign-in page so that nothing
/// typed is lost — signing in sends it on.
///
/// It travels as one hidden field of the sign-in form (JSON), and after the sign-in as the hidden fields of a
/// form that sends it where it was going, with a fresh token. Passwords are never carried, nor the old token.
struct CarriedForm: Sendable, Hashable {
    /// The sign-in form's field that holds it.
    static let fieldName = "carried"
    /// The most text carried (the forms' own limit).
    static let maximumLength = FormFields.maximumBodySize

    /// The path (and query) the form was sent to: always a path on this site.
    let action: String
    /// Every field and value as sent, in order.
    let fields: [Pair]
    /// True when the form had a file chosen (a recipe's photo), which is not carried: it is chosen again.
    let droppedFile: Bool

    /// One field and its value.
    struct Pair: Sendable, Hashable, Codable {
        let name: String
        let value: String
    }

    init(action: String, fields: [Pair], droppedFile: Bool = false) {
        self.action = action
        self.fields = fields
        self.droppedFile = droppedFile
    }

    /// Whether a field travels: not the form's token (a new one is given), nothing that holds a password.
    static func carries(_ name: String) -> Bool {
        name != CSRFMiddleware.fieldName && !name.lowercased().contains("password")
    }

    /// The form of `request` when it can be carried: sent from a page of this server, to a path on it, as a form
    /// (a file in it is dropped); nil otherwise (it is then refused as before).
    static func read(_ request: Request, upload: UploadRule?) async -> CarriedForm? {
        guard (try? CSRFMiddleware.checkOrigin(request)) != nil else { return nil }
        var target = request.uri.path
        if let query = request.uri.query, !query.isEmpty { target += "?" + query }
        let action = SafeRedirect.safeNext(target)
        guard action != "/" || target == "/" else { return nil }
        var request = request
        var pairs: [(String, String)]
        var droppedFile = false
        if let upload, CSRFMiddleware.isMultipart(request) {
            guard let form = try? await CSRFMiddleware.readMultipart(request, rule: upload) else { return nil }
            for file in form.files { try? FileManager.default.removeItem(at: file.url) }
            droppedFile = form.files.contains { $0.bytes > 0 }
            pairs = form.fields
        } else {
            guard let contentType = request.headers[.contentType],
                contentType.lowercased().hasPrefix("application/x-www-form-urlencoded"),
                let body = try? await request.collectBody(upTo: FormFields.maximumBodySize),
                let form = try? body.withUnsafeReadableBytes({ bytes throws(PageError) in
                    try FormFields(urlEncoded: bytes, allowingRepeated: FormFields.repeatableFieldNames)
                })
            else { return nil }
            pairs = form.allPairs.map { ($0.name, $0.value) }
        }
        let fields = pairs.filter { carries($0.0) }.map { Pair(name: $0.0, value: $0.1) }
        return CarriedForm(action: action, fields: fields, droppedFile: droppedFile)
    }

    /// The text of the sign-in form's hidden field.
    var encoded: String {
        let document = Document(action: action, fields: fields, droppedFile: droppedFile)
        return (try? String(decoding: JSONEncoder().encode(document), as: UTF8.self)) ?? ""
    }

    /// The form a sign-in form carried; nil for no text, text that is not one, or an action off this site.
    static func decode(_ text: String?) -> CarriedForm? {
        guard let text, !text.isEmpty, text.utf8.count <= maximumLength,
            let document = try? JSONDecoder().decode(Document.self, from: Data(text.utf8)),
            SafeRedirect.safeNext(document.action) == document.action, document.action != "/"
        else { return nil }
        return CarriedForm(
            action: document.action, fields: document.fields.filter { carries($0.name) },
            droppedFile: document.droppedFile)
    }

    /// What the hidden field holds.
    private struct Document: Codable {
        let action: String
        let fields: [Pair]
        let droppedFile: Bool
    }
}
