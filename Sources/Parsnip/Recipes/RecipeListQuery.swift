/// The recipe list's query string (`q`, `category`, `available`, `sort`, `page`), read strictly, and the URLs
/// that keep it.
struct RecipeListQuery: Sendable, Hashable {
    /// The search box's text as typed.
    var typed: String
    /// The text looked for: cleaned, at most 200 characters; nil when there is nothing to look for.
    var search: String?
    var category: Recipe.Category?
    var isAvailable: Bool?
    var sort: RecipeSort
    /// From 1.
    var page: Int

    /// The list's defaults: everything, by name, first page.
    init() {
        typed = ""
        search = nil
        category = nil
        isAvailable = nil
        sort = .name
        page = 1
    }

    /// Reads the fields of the list's query string; a value the filter form cannot send is a bad request.
    init(_ fields: FormFields) throws(PageError) {
        self.init()
        typed = fields["q"] ?? ""
        let cleaned = TextCleaning.clean(typed, keepLineBreaks: false)
        search = cleaned.isEmpty ? nil : String(cleaned.prefix(RecipeDraft.Limits.nameLength))
        switch fields["category"] ?? "" {
        case "": category = nil
        case let text:
            guard let raw = Int(text), let value = Recipe.Category(rawValue: raw), String(raw) == text else {
                throw .badRequest("an unknown recipe category")
            }
            category = value
        }
        switch fields["available"] ?? "" {
        case "": isAvailable = nil
        case "yes": isAvailable = true
        case "no": isAvailable = false
        default: throw .badRequest("an unknown availability filter")
        }
        switch fields["sort"] ?? "" {
        case "": sort = .name
        case let text:
            guard let value = RecipeSort(rawValue: text) else { throw .badRequest("an unknown recipe sort") }
            sort = value
        }
        page = try PageNumbers.page(fields)
    }

    /// True when a search, category or availability filter is on (the sort order is not a filter).
    var isFiltering: Bool { search != nil || category != nil || isAvailable != nil }

    /// The repository's request for this page.
    func request(size: Int) -> RecipeListRequest {
        RecipeListRequest(
            category: category, isAvailable: isAvailable, search: search, sort: sort, page: page, size: size
        )
    }

    /// The list URL with these filters at `page`; defaults are left out, so the first page is `/recipes`.
    func url(page: Int) -> String {
        var parts: [String] = []
        if let search { parts.append("q=" + PercentEncoding.encode(search)) }
        if let category { parts.append("category=\(category.rawValue)") }
        if let isAvailable { parts.append("available=" + (isAvailable ? "yes" : "no")) }
        if sort != .name { parts.append("sort=" + sort.rawValue) }
        if page > 1 { parts.append("page=\(page)") }
        return parts.isEmpty ? "/recipes" : "/recipes?" + parts.joined(separator: "&")
    }

    /// The list a recipe's page or editor was opened from, read from its query string: there when it names a
    /// `sort` (every link from the list does), nil for a recipe's plain address.
    static func context(_ fields: FormFields) throws(PageError) -> RecipeListQuery? {
        guard fields["sort"] != nil else { return nil }
        return try RecipeListQuery(fields)
    }

    /// This list as the query a recipe's links keep, without `?`: its filters and always its sort, never its page
    /// (`sort=name&q=soup`).
    var context: String {
        var parts: [String] = ["sort=" + sort.rawValue]
        if let search { parts.append("q=" + PercentEncoding.encode(search)) }
        if let category { parts.append("category=\(category.rawValue)") }
        if let isAvailable { parts.append("available=" + (isAvailable ? "yes" : "no")) }
        return parts.joined(separator: "&")
    }

    /// The list without filters, in the same order.
    var clearFiltersURL: String { sort == .name ? "/recipes" : "/recipes?sort=" + sort.rawValue }
}
