import Hummingbird

/// The per-request state of Parsnip's pages: the CSRF token, the flash message and the decoded form.
public struct ParsnipRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The CSRF token every form on the page carries; set by `CSRFMiddleware`.
    var csrfToken = ""
    /// The one-time message from the previous POST, set by `FlashMiddleware`.
    var flash: String?
    /// The decoded `application/x-www-form-urlencoded` body of a POST, set by `CSRFMiddleware`.
    var form = FormFields()

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    /// Forms are small: anything over 256 KiB gets the "too much to send" page.
    public var maxUploadSize: Int { FormFields.maximumBodySize }
}
