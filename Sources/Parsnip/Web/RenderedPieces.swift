/// One partial's renders kept by what they are rendered from: a list's rows, a filter's hundreds of options.
///
/// swift-mustache spends most of an uncached list page on its repeated pieces. The key is everything a piece is
/// rendered from (with the language), so the same key always renders the same HTML: a kept piece is never stale,
/// no write has to empty the cache, and a changed record simply has a new key. Bounded by bytes (`FragmentCache`),
/// split over 16 locks so requests on many cores rarely wait for each other.
struct RenderedPieces<Source: Hashable & Sendable>: Sendable {
    private struct Key: Hashable, Sendable {
        let source: Source
        let language: Language
    }

    let pages: Pages
    /// The partial each piece is rendered with.
    let template: String
    private let cache: FragmentCache<Key>

    init(pages: Pages, template: String, byteBudget: Int = 1 << 20) {
        self.pages = pages
        self.template = template
        cache = FragmentCache(byteBudget: byteBudget, shards: 16)
    }

    /// The piece for `source` in `language`, rendered the first time it is asked for.
    func piece(_ source: Source, in language: Language) -> RenderedFragment {
        RenderedFragment(
            html: cache.fragment(for: Key(source: source, language: language)) {
                pages.renderFragment(source, template: template, in: language)
            })
    }
}
