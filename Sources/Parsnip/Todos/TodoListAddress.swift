/// Where one list page is: open or done to-dos, their order, the search — and the addresses of its neighbours.
///
/// Every link the list page makes comes from here, so paging, ordering and searching keep each other's choices.
struct TodoListAddress: Sendable, Hashable {
    var part: TodoListPart = .open
    var sort: TodoSort = .newest
    var search: String? = nil
    /// Only the visitor's own to-dos ("Mine"): `who=me`.
    var mine: Bool = false

    /// The list's address with `extra` query items (already encoded) after its own. Newest first is said only when
    /// `explicitSort` (a sort link): `/todos` alone opens in the order the person last chose.
    func url(_ extra: [String] = [], explicitSort: Bool = false) -> String {
        var items: [String] = []
        if part == .done { items.append("show=done") }
        if sort != .newest || explicitSort, part == .open { items.append("sort=\(sort.rawValue)") }
        if mine { items.append("who=me") }
        if let search { items.append("q=" + PercentEncoding.encode(search)) }
        items += extra
        return items.isEmpty ? "/todos" : "/todos?" + items.joined(separator: "&")
    }

    /// The list's own parameters of a query string (in one order): what a tick button's way back keeps, so
    /// `/todos?q=milk&utm=x` and `/todos?q=milk` render the same rows.
    static func listQuery(_ query: FormFields) -> String {
        listParameters.compactMap { name in query[name].map { name + "=" + PercentEncoding.encode($0) } }
            .joined(separator: "&")
    }

    /// The parameters a to-do list's address may carry.
    static let listParameters = ["show", "sort", "who", "q", "after", "before", "page"]

    /// Page `number` of a list paged by number (the first page has no `page`).
    func page(_ number: Int) -> String { number <= 1 ? url() : url(["page=\(number)"]) }

    /// The same list with another part, order or search.
    func with(part: TodoListPart? = nil, sort: TodoSort? = nil, search: String?? = nil, mine: Bool? = nil)
        -> TodoListAddress
    {
        var copy = self
        if let mine { copy.mine = mine }
        if let part { copy.part = part }
        if let sort { copy.sort = sort }
        if let search { copy.search = search }
        return copy
    }

    /// True when the list is paged by cursor (open to-dos, newest first) rather than by number.
    var pagedByCursor: Bool { part == .open && sort == .newest }

    /// Where a tick button may send the person back to: a to-do list or a to-do's page of this server, never
    /// another site (`//evil.example`) or a path that only starts like one of ours (`/todosX`).
    static func safeReturn(_ text: String?) -> String {
        guard let text, text.utf8.count <= 2_048, text.hasPrefix("/todos"),
            text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\\" })
        else { return "/todos" }
        let rest = text.dropFirst("/todos".count)
        guard rest.isEmpty || rest.hasPrefix("?") || rest.hasPrefix("/") else { return "/todos" }
        if rest.hasPrefix("/") {
            // Only a to-do's own page: /todos/<objectId>.
            let id = rest.dropFirst()
            guard ObjectIdentifierText.isValid(id) else { return "/todos" }
        }
        return text
    }
}
