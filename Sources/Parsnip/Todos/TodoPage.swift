/// Which part of the list to show.
public enum TodoPagePosition: Sendable, Hashable {
    /// The newest to-dos.
    case first
    /// The to-dos that come after (are older than) the cursor.
    case after(PageCursor)
    /// The to-dos that come before (are newer than) the cursor.
    case before(PageCursor)
}

/// A request for one page of the list.
public struct TodoPageRequest: Sendable, Hashable {
    /// Text to look for in titles and descriptions, ignoring case; nil lists everything.
    public var search: String?
    /// Where the page starts.
    public var position: TodoPagePosition
    /// How many to-dos a page holds.
    public var size: Int

    public init(search: String? = nil, position: TodoPagePosition = .first, size: Int = 50) {
        self.search = search
        self.position = position
        self.size = size
    }
}

/// One page of the newest-first list, with the total and whether there is more on either side.
public struct TodoPage: Sendable, Hashable {
    /// The to-dos on this page, newest first.
    public var items: [TodoListItem]
    /// How many to-dos there are in all (matching the search, when there is one).
    public var total: Int
    /// True when older to-dos follow this page.
    public var hasNext: Bool
    /// True when newer to-dos precede this page.
    public var hasPrevious: Bool

    public init(items: [TodoListItem], total: Int, hasNext: Bool, hasPrevious: Bool) {
        self.items = items
        self.total = total
        self.hasNext = hasNext
        self.hasPrevious = hasPrevious
    }
}
