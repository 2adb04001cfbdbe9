/// The query string of a genre, author or publisher list: the filter box's text (`q`) and the page (`page`).
struct CatalogueListQuery: Sendable, Hashable {
    /// The filter box's text, trimmed, at most 100 characters.
    var filter = ""
    /// From 1.
    var page = 1

    init() {}

    /// Reads the list's query string; a page that is not a number from 1 is a bad request.
    init(_ fields: FormFields) throws(PageError) {
        filter = String(TextCleaning.clean(fields["q"] ?? "", keepLineBreaks: false).prefix(100))
        page = try PageNumbers.page(fields)
    }

    /// The list of `kind` with this filter at `page`; the first page without a filter is the bare path.
    func url(_ kind: CatalogueKind, page: Int) -> String {
        var parts: [String] = []
        if !filter.isEmpty { parts.append("q=" + PercentEncoding.encode(filter)) }
        if page > 1 { parts.append("page=\(page)") }
        return parts.isEmpty ? kind.path : kind.path + "?" + parts.joined(separator: "&")
    }
}
