/// The errors that have their own friendly page; anything else becomes the generic 500 page.
enum PageError: Error, Sendable, Hashable {
    /// 404: no such page or no such to-do.
    case notFound
    /// 400: the request was malformed; the reason goes to the log, never to the page.
    case badRequest(String)
    /// 403: the form's CSRF token or origin did not match; `reload` is where to fetch a fresh form.
    case forbidden(reload: String)
    /// 409: the request conflicts with what is stored.
    case conflict
    /// 413: the body was larger than forms may be.
    case tooLarge
}
