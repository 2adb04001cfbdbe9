/// The choices of one filter on the book list — a select's options or the author box's suggestions — as the
/// partial `partials/filter-choices` renders them, and the key they are kept rendered under.
///
/// The list offers every genre, author and publisher on every page, hundreds of options that swift-mustache would
/// otherwise render afresh each time (about half of an uncached `/books`). The key is everything the piece is
/// rendered from, so a renamed or added entry simply makes a new piece and a kept one is never stale.
struct FilterChoices: Sendable, Hashable {
    var options: [SelectOption] = []
    var names: [String] = []
    let language: Language

    /// The rendered choices of the book list's filters, by what they are rendered from (a few pieces a language
    /// and catalogue: the selected option is part of the key).
    static let cache = FragmentCache<FilterChoices>(byteBudget: 4 << 20)

    /// The piece for `choices`, rendered with `pages` the first time it is asked for.
    static func rendered(_ choices: FilterChoices, pages: Pages) -> RenderedFragment {
        RenderedFragment(
            html: cache.fragment(for: choices) {
                pages.renderFragment(choices, template: "partials/filter-choices", in: choices.language)
            })
    }
}
