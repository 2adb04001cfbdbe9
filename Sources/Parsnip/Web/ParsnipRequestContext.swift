import Hummingbird

/// The per-request state of Parsnip's pages: who is asking, the CSRF token, the flash message and the form.
struct ParsnipRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The CSRF token every form on the page carries; set by `CSRFMiddleware`.
    var csrfToken = ""
    /// The one-time message from the previous POST, set by `FlashMiddleware`.
    var flash: String?
    /// The trash item the previous POST made, when its flash offers Undo.
    var flashUndo: String?
    /// True when the one-time message says something was not done (shown as a problem, not a success).
    var flashIsRefusal = false
    /// The decoded `application/x-www-form-urlencoded` body of a POST, set by `CSRFMiddleware`.
    var form = FormFields()
    /// The signed-in person, set by the sign-in middleware; nil for a visitor who has not signed in.
    var user: SignedInUser?
    /// True when the request carried a well-formed session cookie, whether or not it still signs anyone in.
    var sentSessionCookie = false
    /// True when every page needs a signed-in person (always when Parsnip is shared on the network); then a
    /// request without `user` never reaches a page handler.
    var signInRequired = false
    /// The address the request came from (for "only from this computer" checks); nil in router tests.
    var remoteAddress: String?
    /// The matched route's upload rule, set by `RouteAccessMiddleware`; nil for a route that takes no files.
    var upload: UploadRule?
    /// The files a multipart form brought, in temporary files; set by `CSRFMiddleware`, removed after the handler
    /// unless it moved them.
    var uploadedFiles: [UploadedFile] = []
    /// Set while a form is shown again because the database could not take its change; its pages show the notice.
    var storeTrouble: StoreTrouble?
    /// The language the pages speak to this visitor, set by `LanguageMiddleware`.
    var language = Language.en

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Forms are small: anything over 256 KiB gets the "too much to send" page.
    var maxUploadSize: Int { FormFields.maximumBodySize }

    /// True when this visitor may add, change or delete data: a signed-in owner or editor, or anyone on this
    /// computer when signing in is optional.
    var canEdit: Bool { user.map { $0.role.canEdit } ?? !signInRequired }

    /// Keeps cached pages apart per language and person: pages speak the visitor's language, show who is signed in
    /// and only the buttons their role may use. Only the language for a visitor who has not signed in, so the
    /// anonymous pages of a Parsnip used alone stay shared.
    var cacheVariant: String {
        let language = "l:\(language.rawValue)|"
        guard let user else { return language }
        return language + "u:\(user.objectId):\(user.role.rawValue)|"
    }
}
