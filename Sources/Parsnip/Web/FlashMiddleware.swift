import HTTPTypes
import Hummingbird

/// Carries a one-time message ("Saved “Buy oat milk”") across the redirect after a POST.
///
/// Handlers call `Flash.redirect(to:message:)`; this middleware reads the `parsnip_flash` cookie into the
/// context and clears it once a page has shown it.
struct FlashMiddleware: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        // Only pages fetched with GET show the message: a refused POST re-renders its form without it.
        guard request.method == .get, let raw = CookieHeader.value(named: Flash.cookieName, in: request.headers),
            !raw.isEmpty
        else {
            return try await next(request, context)
        }
        var context = context
        (context.flash, context.flashUndo, context.flashIsRefusal) = Flash.decode(raw)
        var response = try await next(request, context)
        if response.status == .ok {
            response.headers.append(HTTPField(name: .setCookie, value: Flash.clearingCookie))
        }
        return response
    }
}

/// The flash cookie's format: the message and, after a delete, the trash item Undo restores, form-encoded, living at
/// most a minute.
enum Flash {
    static let cookieName = "parsnip_flash"
    /// Long enough for "Deleted “<200-character title>”" in any script, short enough for any browser.
    static let maximumLength = 300
    static let clearingCookie = "\(cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"

    /// A 303 See Other to `location` that leaves `message` for the next page, with an Undo button for the trash
    /// item `undo` when there is one.
    static func redirect(to location: String, message: String, undo: String? = nil) -> Response {
        cookieRedirect(to: location, message: message, undo: undo, refusal: false)
    }

    /// A 303 See Other to `location` that leaves `message` for the next page as a refusal: something was not done,
    /// and the page shows it as a problem, not in the success box.
    static func refusal(to location: String, message: String) -> Response {
        cookieRedirect(to: location, message: message, undo: nil, refusal: true)
    }

    private static func cookieRedirect(to location: String, message: String, undo: String?, refusal: Bool)
        -> Response
    {
        var value = "m=" + PercentEncoding.encode(String(message.prefix(maximumLength)))
        if let undo, ObjectIdentifierText.isValid(undo) { value += "&u=" + undo }
        if refusal { value += "&k=r" }
        return Response(
            status: .seeOther,
            headers: [
                .location: location,
                .setCookie: "\(cookieName)=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=60",
            ]
        )
    }

    /// The message, the trash item to offer undoing, and whether it is a refusal; nils when the cookie is not one
    /// Parsnip wrote.
    static func decode(_ raw: Substring) -> (message: String?, undo: String?, isRefusal: Bool) {
        guard raw.utf8.count <= maximumLength * 12 + 64, let fields = try? FormFields(query: String(raw)),
            let text = fields["m"]
        else { return (nil, nil, false) }
        let message = TextCleaning.clean(text, keepLineBreaks: false)
        guard !message.isEmpty else { return (nil, nil, false) }
        let undo = fields["u"].flatMap { ObjectIdentifierText.isValid($0) ? $0 : nil }
        return (String(message.prefix(maximumLength)), undo, fields["k"] == "r")
    }
}
