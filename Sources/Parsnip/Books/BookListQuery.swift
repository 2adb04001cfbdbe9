/// The book list's query string (`q`, `genre`, `author`, `publisher`, `sort`, `page`), read strictly, and the
/// URLs that keep it.
struct BookListQuery: Sendable, Hashable {
    /// The search box's text as typed.
    var typed = ""
    /// The text looked for: cleaned, at most 200 characters; nil when there is nothing to look for.
    var search: String?
    var genreId: String?
    var authorId: String?
    /// The author box's text (`authorName`): books by any author whose name holds these words; nil when empty.
    var authorName: String?
    var publisherId: String?
    /// "Lent out" or "Unread"; nil for every book.
    var shelf: BookShelf?
    var sort = BookSort.title
    /// From 1.
    var page = 1

    /// The list's defaults: everything, by title, first page.
    init() {}

    /// Reads the fields of the list's query string; a value the filter form cannot send is a bad request.
    init(_ fields: FormFields) throws(PageError) {
        typed = fields["q"] ?? ""
        let cleaned = TextCleaning.clean(typed, keepLineBreaks: false)
        search = cleaned.isEmpty ? nil : String(cleaned.prefix(BookDraft.Limits.titleLength))
        genreId = try Self.id(fields["genre"])
        authorId = try Self.id(fields["author"])
        let typedAuthor = TextCleaning.clean(fields["authorName"] ?? "", keepLineBreaks: false)
        authorName = typedAuthor.isEmpty ? nil : String(typedAuthor.prefix(100))
        publisherId = try Self.id(fields["publisher"])
        switch fields["shelf"] ?? "" {
        case "": shelf = nil
        case let text:
            guard let value = BookShelf(rawValue: text) else { throw .badRequest("an unknown shelf") }
            shelf = value
        }
        switch fields["sort"] ?? "" {
        case "": sort = .title
        case let text:
            guard let value = BookSort(rawValue: text) else { throw .badRequest("an unknown book sort") }
            sort = value
        }
        page = try PageNumbers.page(fields)
    }

    /// An entry filter: empty is none; anything else must look like an objectId.
    private static func id(_ text: String?) throws(PageError) -> String? {
        guard let text, !text.isEmpty else { return nil }
        guard ObjectIdentifierText.isValid(text) else { throw .badRequest("a malformed filter id") }
        return text
    }

    /// How many of the filters behind the "Filter" button are on (genre, author, publisher, shelf; not the search).
    var activeFilterCount: Int {
        [genreId != nil, authorId != nil || authorName != nil, publisherId != nil, shelf != nil]
            .filter { $0 }.count
    }

    /// True when a search or an entry filter is on (the sort order is not a filter).
    var isFiltering: Bool {
        search != nil || genreId != nil || authorId != nil || authorName != nil || publisherId != nil || shelf != nil
    }

    /// The repository's request for this page.
    /// - Parameter authorIds: the authors the search index found for `authorName`.
    func request(size: Int, authorIds: Set<String> = []) -> BookListRequest {
        var request = BookListRequest(
            search: search, genreId: genreId, authorId: authorId, publisherId: publisherId, sort: sort, page: page,
            size: size
        )
        request.shelf = shelf
        if authorId == nil, authorName != nil {
            request.anyOfAuthorIds = authorIds.sorted()
        }
        return request
    }

    /// The list URL with these filters at `page`; defaults are left out, so the first page is `/books`.
    func url(page: Int) -> String {
        var parts: [String] = []
        if let search { parts.append("q=" + PercentEncoding.encode(search)) }
        if let genreId { parts.append("genre=" + genreId) }
        if let authorId { parts.append("author=" + authorId) }
        if let authorName { parts.append("authorName=" + PercentEncoding.encode(authorName)) }
        if let publisherId { parts.append("publisher=" + publisherId) }
        if let shelf { parts.append("shelf=" + shelf.rawValue) }
        if sort != .title { parts.append("sort=" + sort.rawValue) }
        if page > 1 { parts.append("page=\(page)") }
        return parts.isEmpty ? "/books" : "/books?" + parts.joined(separator: "&")
    }

    /// The list without filters, in the same order.
    var clearFiltersURL: String { sort == .title ? "/books" : "/books?sort=" + sort.rawValue }
}
