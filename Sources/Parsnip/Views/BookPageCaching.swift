import Hummingbird

extension PageCache where Page == TokenSplicedPage {
    /// Answers with the page `render` makes for `key` (a visitor's cache variant and a path), rendered once per
    /// revision and shared by every visitor of that variant: `render` gets the token to put in the page's forms (a
    /// marker, replaced by each visitor's own token). A page with a one-time message is rendered for its visitor alone.
    ///
    /// - Parameter revision: read by the caller before the data, so a page stored under it is never older than it.
    func formPage(
        for key: String, context: ParsnipRequestContext, revision: Int,
        render: (_ csrfToken: String) async throws -> ByteBuffer
    ) async throws -> Response {
        guard context.flash == nil else {
            return Pages.htmlResponse(try await render(context.csrfToken), status: .ok)
        }
        if let page = page(for: key, revision: revision) {
            return Pages.htmlResponse(page.body(token: context.csrfToken), status: .ok)
        }
        let page = TokenSplicedPage(rendered: try await render(TokenSplicedPage.marker))
        store(page, for: key, revision: revision)
        return Pages.htmlResponse(page.body(token: context.csrfToken), status: .ok)
    }
}

extension PageCache where Page == ByteBuffer {
    /// A list page kept under `key` (the visitor's cache variant and the query string): the one rendered for it at
    /// `revision`, or else `render`'s, kept for the next request. A page carrying a one-time message is rendered for
    /// its visitor alone.
    func listPage(
        for key: String, context: ParsnipRequestContext, revision: Int, render: () async throws -> ByteBuffer
    ) async throws -> Response {
        guard context.flash == nil else { return Pages.htmlResponse(try await render(), status: .ok) }
        if let body = page(for: key, revision: revision) { return Pages.htmlResponse(body, status: .ok) }
        let body = try await render()
        store(body, for: key, revision: revision)
        return Pages.htmlResponse(body, status: .ok)
    }
}
