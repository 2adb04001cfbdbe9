/// The choices of one filter on the book list — a select's options or the author box's suggestions — as the
/// partial `partials/filter-choices` renders them, and the key they are kept rendered under.
struct FilterChoices: Sendable, Hashable {
    var options: [SelectOption] = []
    var names: [String] = []
    let language: Language
}

/// One row of the book table in one language: what `partials/book-row` is rendered from, and its key.
struct BookRowSource: Sendable, Hashable {
    let row: BookTableRow
    let language: Language
}

/// The book list's repeated pieces — its rows and its filters' hundreds of choices — rendered once and kept by
/// what they are rendered from, as the to-do list keeps its rows.
///
/// swift-mustache spends most of an uncached `/books` on these pieces (every genre, author and publisher is an
/// option on every page). The key is everything a piece is rendered from, so a renamed entry or a changed book
/// simply makes a new piece and a kept one is never stale; the caches are bounded by bytes (`FragmentCache`).
struct BookListPieces: Sendable {
    let pages: Pages
    let rowCache = FragmentCache<BookRowSource>(byteBudget: 1 << 20, shards: 16)
    let choiceCache = FragmentCache<FilterChoices>(byteBudget: 4 << 20)

    /// The rendered options or suggestions of one filter.
    func choices(_ choices: FilterChoices) -> RenderedFragment {
        RenderedFragment(
            html: choiceCache.fragment(for: choices) {
                pages.renderFragment(choices, template: "partials/filter-choices", in: choices.language)
            })
    }

    /// The rendered row of one book.
    func row(_ row: BookTableRow, _ language: Language) -> RenderedFragment {
        let source = BookRowSource(row: row, language: language)
        return RenderedFragment(
            html: rowCache.fragment(for: source) {
                pages.renderFragment(row, template: "partials/book-row", in: language)
            })
    }
}
