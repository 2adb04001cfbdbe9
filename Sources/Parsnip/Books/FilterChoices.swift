/// The choices of one filter on the book list — a select's options or the author box's suggestions — as the
/// partial `partials/filter-choices` renders them, and the key they are kept rendered under.
struct FilterChoices: Sendable, Hashable {
    var options: [SelectOption] = []
    var names: [String] = []
}

/// The book list's repeated pieces — its rows and its filters' hundreds of choices (every genre, author and
/// publisher on every page) — rendered once and kept by what they are rendered from, as the to-do list keeps its rows.
struct BookListPieces: Sendable {
    let rows: RenderedPieces<BookTableRow>
    let choices: RenderedPieces<FilterChoices>

    init(pages: Pages) {
        rows = RenderedPieces(pages: pages, template: "partials/book-row")
        choices = RenderedPieces(pages: pages, template: "partials/filter-choices", byteBudget: 4 << 20)
    }
}
