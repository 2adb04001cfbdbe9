/// What the filtered lists with numbered pages (recipes, books) say around their rows, in the same words:
/// the count line, the empty state and the links to the neighbouring pages.
struct NumberedList: Sendable {
    /// The thing listed, one and many: "recipe", "recipes".
    let singular: String
    let plural: String
    /// The add page, offered when the list is empty ("Add your first recipe").
    let addURL: String

    /// "1 recipe", "1,000 recipes"; filtered: "3 of 12 recipes match", "1 of 12 recipes matches".
    func countLine(matching: Int, all: Int, filtered: Bool) -> String {
        let noun = all == 1 ? singular : plural
        guard filtered else { return "\(NumberText.grouped(all)) \(noun)" }
        let verb = matching == 1 ? "matches" : "match"
        return "\(NumberText.grouped(matching)) of \(NumberText.grouped(all)) \(noun) \(verb)"
    }

    /// What to show instead of an empty table: nothing yet, nothing matching, or a page past the last.
    func emptyState(isEmpty: Bool, filtering: Bool, total: Int, totalWithoutFilters: Int, firstPageURL: String)
        -> EmptyState?
    {
        guard isEmpty else { return nil }
        if totalWithoutFilters == 0 {
            return EmptyState(
                message: "No \(plural) yet", advice: nil,
                link: EmptyStateLink(text: "Add your first \(singular)", url: addURL))
        }
        if filtering, total == 0 {
            // "Clear filters" is already above the table: one link, not two.
            return EmptyState(
                message: "No \(plural) match these filters", advice: "Try other filters or fewer words.", link: nil)
        }
        return EmptyState(
            message: "There are no more \(plural) on this page.", advice: nil,
            link: EmptyStateLink(text: "Go to the first page", url: firstPageURL))
    }

    /// The links around page `page` of `total` items, `pageSize` a page; `url` makes a page's address. The
    /// "Page 2 of 20" line is in the page's language.
    static func pages(
        page: Int, total: Int, pageSize: Int, hasRows: Bool, language: Language = PageLanguage.current,
        url: (Int) -> String
    ) -> NumberedPages {
        let size = max(1, pageSize)
        let pageCount = max(1, (total + size - 1) / size)
        let hasPrevious = page > 1 && page <= pageCount
        let hasNext = page < pageCount
        return NumberedPages(
            previousURL: hasPrevious ? url(page - 1) : nil,
            nextURL: hasNext ? url(page + 1) : nil,
            pageLine: pageCount > 1 && hasRows
                ? language.text("list.pageLine", counts: ["page": page, "pages": pageCount]) : nil
        )
    }
}

/// The links to the pages around one page of a list, and the "Page 2 of 20" line.
struct NumberedPages: Sendable {
    let previousURL: String?
    let nextURL: String?
    /// "Page 2 of 20" when there is more than one page and this one has rows.
    let pageLine: String?
    /// True when there is a page before or after this one (stored: templates read stored properties only).
    let hasPagination: Bool

    init(previousURL: String?, nextURL: String?, pageLine: String?) {
        self.previousURL = previousURL
        self.nextURL = nextURL
        self.pageLine = pageLine
        self.hasPagination = previousURL != nil || nextURL != nil
    }
}
