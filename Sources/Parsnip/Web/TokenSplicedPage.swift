import Hummingbird

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A page rendered once with a stand-in for the CSRF token, kept in parts, so each visitor's copy is the parts
/// joined with their own token — a copy of bytes instead of a template rendering.
struct TokenSplicedPage: CacheablePage {
    /// Rendered where the token goes. Random per process, so no text a person types can be mistaken for it;
    /// only letters, digits, `-` and `_`, so the HTML escaper leaves it as it is.
    static let marker = "csrf-" + CSRFMiddleware.newToken() + "-slot"

    /// The page's bytes between the token's places (one more part than places). Plain arrays, sized exactly:
    /// a ByteBuffer's storage is rounded up to a power of two, which cost a third more memory per cached page.
    let parts: [[UInt8]]
    private let partsSize: Int

    /// Splits a page rendered with `marker` as its token.
    init(rendered page: ByteBuffer) {
        let bytes = Array(page.readableBytesView)
        let marker = Array(Self.marker.utf8)
        var parts: [[UInt8]] = []
        var start = 0
        bytes.withUnsafeBytes { page in
            marker.withUnsafeBytes { marker in
                guard page.count > 0 else { return }
                // memchr for the marker's first byte, then memcmp: the byte-by-byte loop this replaces was 3% of
                // an uncached list page.
                let base = page.baseAddress!
                var from = 0
                while from + marker.count <= page.count,
                    let found = memchr(base + from, Int32(marker[0]), page.count - from - marker.count + 1)
                {
                    let index = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(found, marker.baseAddress!, marker.count) == 0 {
                        parts.append(Array(bytes[start..<index]))
                        start = index + marker.count
                        from = start
                    } else {
                        from = index + 1
                    }
                }
            }
        }
        parts.append(Array(bytes[start...]))
        self.parts = parts
        self.partsSize = parts.reduce(0) { $0 + $1.count }
    }

    var byteCount: Int { partsSize }

    /// The page with `token` in every place the marker was.
    func body(token: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(partsSize + token.utf8.count * (parts.count - 1))
        for (offset, part) in parts.enumerated() {
            if offset > 0 { buffer.writeString(token) }
            buffer.writeBytes(part)
        }
        return buffer
    }
}

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
