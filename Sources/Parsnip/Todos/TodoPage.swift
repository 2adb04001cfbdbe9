/// Which part of the list to show.
enum TodoPagePosition: Sendable, Hashable {
    /// The first page.
    case first
    /// The to-dos that come after (are older than) the cursor, in the newest-first list.
    case after(PageCursor)
    /// The to-dos that come before (are newer than) the cursor, in the newest-first list.
    case before(PageCursor)
    /// Page `n` (from 1) of a list paged by number: the done list and the list by due date.
    case number(Int)
}

/// Which to-dos a list shows.
enum TodoListPart: String, Sendable, Hashable {
    /// The to-dos still to do, with the few most recently done below them.
    case open
    /// Only the done ones, most recently done first.
    case done
}

/// The order of the list of open to-dos.
enum TodoSort: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case newest
    /// Soonest due first (overdue at the top), then those without a due date, newest first.
    case due
}

/// A request for one page of the list.
struct TodoPageRequest: Sendable, Hashable {
    /// Text to look for in titles and descriptions, ignoring case; nil lists everything.
    var search: String?
    /// Open or done to-dos.
    var part: TodoListPart
    /// The order of the open to-dos (done ones are always most recently done first).
    var sort: TodoSort
    /// Where the page starts.
    var position: TodoPagePosition
    /// How many to-dos a page holds.
    var size: Int
    /// How many of the most recently done to-dos the first page of open ones shows below them.
    var recentlyDoneCount: Int
    /// How far a search's open list counts its matches (`TodoPage.matchesMoreThan`).
    var countLimit: Int
    /// Only the to-dos this household member is to do ("Mine"); nil for everyone's. A search lists everyone's.
    var assignee: String? = nil
    /// The household's day. When set, the open list without a search puts the to-dos overdue and due that day in
    /// groups of their own above the rest (their first `groupLimit` each, on the first page only), and the rest
    /// leaves them out.
    var groupsOn: CalendarDate?

    /// How many to-dos each group above the list shows at most; a link offers the rest, by due date.
    static let groupLimit = 50

    /// How far a search's open list counts: "More than 1,000 to-dos match" is all a person needs, and counting on
    /// reads every match (tens of thousands for a common word among a million to-dos).
    static let searchCountLimit = 1_000

    init(
        search: String? = nil, part: TodoListPart = .open, sort: TodoSort = .newest,
        position: TodoPagePosition = .first, size: Int = 50, recentlyDoneCount: Int = 0,
        countLimit: Int = TodoPageRequest.searchCountLimit, groupsOn: CalendarDate? = nil, assignee: String? = nil
    ) {
        self.search = search
        self.part = part
        self.sort = sort
        self.position = position
        self.size = size
        self.recentlyDoneCount = recentlyDoneCount
        self.countLimit = countLimit
        self.groupsOn = groupsOn
        self.assignee = assignee
    }

    /// True when this request's page has the Overdue and Today groups.
    var isGrouped: Bool { groupsOn != nil && part == .open && search == nil }
}

/// One page of a list, with the totals and whether there is more on either side.
struct TodoPage: Sendable, Hashable {
    /// The to-dos on this page, in the list's order.
    var items: [TodoListItem]
    /// How many to-dos the list holds in all (open or done, matching the search when there is one).
    var total: Int
    /// True when more to-dos follow this page.
    var hasNext: Bool
    /// True when more to-dos precede this page.
    var hasPrevious: Bool
    /// How many to-dos are still to do, and how many are done (matching the search when there is one).
    var openCount: Int = 0
    var doneCount: Int = 0
    /// Set when a search's open list matched more to-dos than it counts (the limit): `openCount` and `total` are
    /// then only at least what this page shows, and `doneCount` is exact up to the limit, else the limit plus one.
    var matchesMoreThan: Int?
    /// The most recently done to-dos, for the first page of open ones; empty otherwise.
    var recentlyDone: [TodoListItem] = []
    /// The open to-dos due before the day the request named, soonest first, and those due that day, newest first
    /// (at most `TodoPageRequest.groupLimit` each, on the first page of a grouped list; empty otherwise).
    var overdue: [TodoListItem] = []
    var dueToday: [TodoListItem] = []
    /// How many open to-dos are overdue and due today (grouped lists only; zero otherwise).
    var overdueCount: Int = 0
    var dueTodayCount: Int = 0

}
