/// The links to the neighbouring pages of the filtered lists with numbered pages (recipes, books, the catalogue).
enum NumberedList {
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
