import Foundation
import ParseStore

/// The list pages' reads: open to-dos newest first (keyset pages) or by due date, done ones most recently done
/// first (numbered pages), with the counts of both, all from one snapshot.
extension StoreTodoRepository {
    func page(_ request: TodoPageRequest) async throws -> TodoPage {
        let size = max(1, request.size)
        // The in-memory total can differ from the snapshot only by writes finishing at this very instant.
        let everyTodo = request.search == nil && request.assignee == nil ? writePath.total(of: Self.className) : nil
        let who = request.search == nil ? request.assignee : nil
        return try await writePath.read { reader in
            // The kept total counts every to-do; someone some to-dos are hidden from counts their own.
            let cachedTotal = try reader.readsEveryRow(of: Self.className) ? everyTodo : nil
            // The Overdue and Today groups, counted here and left out of the rest of the list.
            let window = request.isGrouped ? request.groupsOn.map(TodoDueWindow.init) : nil
            let open = Self.openQuery(search: request.search, assignee: who)
            // Every count the page shows in one statement: one round trip to a PostgreSQL server.
            var asked = window.map { [$0.overdue(open), $0.dueToday(open)] } ?? []
            if request.search == nil {
                asked.append(Self.doneQuery(search: nil, assignee: who))
                if cachedTotal == nil { asked.append(Self.baseQuery(search: nil, assignee: who)) }
            }
            let counted = try reader.counts(asked)
            let overdueCount = window == nil ? 0 : counted[0]
            let dueTodayCount = window == nil ? 0 : counted[1]
            let all: Int
            let doneCount: Int
            var uncounted: Int?
            if let search = request.search {
                // Counted in the search index alone: its documents carry "open" or "done". The open list, newest
                // first (the page a search opens on), counts no further than the limit; the other views number their
                // pages and count everything.
                let limit = request.part == .open && request.sort == .newest ? request.countLimit : nil
                all = try reader.searchCount(in: Self.className, for: search, atMost: limit.map { $0 + 1 })
                if let limit, all > limit { uncounted = limit }
                doneCount = try reader.searchCount(
                    in: Self.className, for: search, tags: [Self.doneTag], atMost: uncounted.map { $0 + 1 })
            } else {
                let rest = counted.dropFirst(window == nil ? 0 : 2)
                doneCount = rest.first ?? 0
                all = cachedTotal ?? rest.dropFirst().first ?? 0
            }
            let openCount = max(0, all - doneCount)
            let restCount = max(0, openCount - overdueCount - dueTodayCount)
            var page: TodoPage
            switch (request.part, request.sort, request.position) {
            case (.done, _, let position):
                page = try Self.numberedPage(
                    reader,
                    Self.doneQuery(search: request.search, assignee: who).order(by: "-completedAt", "-updatedAt"),
                    number: Self.pageNumber(position), size: size, total: doneCount)
            case (.open, .due, let position):
                page = try Self.dueDatePage(
                    reader, open: open, after: window, number: Self.pageNumber(position), size: size, total: restCount)
            case (.open, .newest, let position) where request.search != nil:
                page = try Self.searchPage(
                    reader, search: request.search ?? "", position: position, size: size, total: openCount)
            case (.open, .newest, let position):
                page = try Self.keysetPage(
                    reader, base: window?.rest(open) ?? open, position: position, size: size, total: restCount)
            }
            page.openCount = openCount
            page.doneCount = doneCount
            page.overdueCount = overdueCount
            page.dueTodayCount = dueTodayCount
            if let window, !page.hasPrevious {
                let limit = TodoPageRequest.groupLimit
                if overdueCount > 0 {
                    page.overdue = try reader.find(window.overdue(open).order(by: "dueDate", "-createdAt").limit(limit))
                        .map { Self.item($0) }
                }
                if dueTodayCount > 0 {
                    page.dueToday = try reader.find(
                        window.dueToday(open).order(by: "-createdAt", "-objectId").limit(limit)
                    ).map { Self.item($0) }
                }
            }
            if let uncounted {
                // At least the open to-dos this page shows (and one more when a next page follows).
                let shown = page.items.count + (page.hasNext ? 1 : 0)
                page.openCount = max(doneCount > uncounted ? 0 : all - doneCount, shown)
                page.total = page.openCount
                page.matchesMoreThan = uncounted
            }
            if request.part == .open, request.recentlyDoneCount > 0, !page.hasPrevious, doneCount > 0 {
                let recent = Self.doneQuery(search: request.search, assignee: who).order(
                    by: "-completedAt", "-updatedAt")
                page.recentlyDone = try reader.find(recent.limit(request.recentlyDoneCount)).map { Self.item($0) }
            }
            return page
        }
    }

    func dueCounts(on day: CalendarDate) async throws -> TodoDueCounts {
        let window = TodoDueWindow(day)
        return try await writePath.read { reader in
            let open = Self.openQuery(search: nil)
            return TodoDueCounts(
                overdue: try reader.count(window.overdue(open)), dueToday: try reader.count(window.dueToday(open)))
        }
    }

    /// Every to-do, or those whose title or description holds every word of `search` (see `searchable`); only
    /// those `assignee` is to do, when one is named.
    static func baseQuery(search: String?, assignee: String? = nil) -> ParseQuery {
        var query = ParseQuery(className)
        if let assignee { query = query.where("assignee", equalTo: .string(assignee)) }
        guard let search else { return query }
        return query.searching(search)
    }

    /// The to-dos still to do: `done` false or missing (as in one the seed app made).
    static func openQuery(search: String?, assignee: String? = nil) -> ParseQuery {
        baseQuery(search: search, assignee: assignee).where("done", "$ne", .boolean(true))
    }

    /// The to-dos ticked off.
    static func doneQuery(search: String?, assignee: String? = nil) -> ParseQuery {
        baseQuery(search: search, assignee: assignee).where("done", equalTo: .boolean(true))
    }

    /// The page a numbered position names; a cursor position (from a newest-first link) starts again at 1.
    static func pageNumber(_ position: TodoPagePosition) -> Int {
        if case .number(let number) = position { return max(1, number) }
        return 1
    }

    /// Page `number` of `query` in its own order.
    static func numberedPage(_ reader: ParseReader, _ query: ParseQuery, number: Int, size: Int, total: Int) throws
        -> TodoPage
    {
        let offset = (number - 1) * size
        let rows = try reader.find(query.skip(offset).limit(size))
        return TodoPage(
            items: rows.map { item($0) }, total: total, hasNext: offset + size < total, hasPrevious: number > 1)
    }

    /// Page `number` of the open to-dos by due date: those with a due date soonest first (overdue ones at the top),
    /// then those without one, newest first. With a `window`, only those due after its day (the groups hold the
    /// others).
    static func dueDatePage(
        _ reader: ParseReader, open: ParseQuery, after window: TodoDueWindow?, number: Int, size: Int, total: Int
    ) throws -> TodoPage {
        let offset = (number - 1) * size
        var withDate = open.where("dueDate", "$exists", .boolean(true))
        if let window { withDate = withDate.where("dueDate", "$gte", .date(window.tomorrow)) }
        let without = open.where("dueDate", "$exists", .boolean(false))
        let datedCount = try reader.count(withDate)
        var rows: [ParseObject] = []
        if offset < datedCount {
            rows = try reader.find(withDate.order(by: "dueDate", "-createdAt").skip(offset).limit(size))
        }
        if rows.count < size {
            let skipped = max(0, offset - datedCount)
            rows += try reader.find(without.order(by: "-createdAt").skip(skipped).limit(size - rows.count))
        }
        return TodoPage(
            items: rows.map { item($0) }, total: total, hasNext: offset + size < total, hasPrevious: number > 1)
    }

    /// A page of the newest-first list of `base`, by cursor.
    static func keysetPage(
        _ reader: ParseReader, base: ParseQuery, position: TodoPagePosition, size: Int, total: Int
    ) throws -> TodoPage {
        switch position {
        case .first, .number(...1):
            return try firstPage(reader, base: base, size: size, total: total)
        case .number(let number):
            // A numbered address (`?page=4`, typed or kept from a link): counted from the start.
            let offset = (number - 1) * size
            let rows = try reader.find(base.order(by: "-createdAt", "-objectId").skip(offset).limit(size + 1))
            let items = rows.prefix(size).map { item($0) }
            return TodoPage(items: Array(items), total: total, hasNext: rows.count > size, hasPrevious: true)
        case .after(let cursor):
            let rows = try reader.find(olderThan(cursor, base).order(by: "-createdAt", "-objectId").limit(size + 1))
            let items = rows.prefix(size).map { item($0) }
            return TodoPage(items: Array(items), total: total, hasNext: rows.count > size, hasPrevious: true)
        case .before(let cursor):
            let rows = try reader.find(newerThan(cursor, base).order(by: "createdAt", "objectId").limit(size + 1))
            guard rows.count > size else {
                // Nothing newer remains beyond these rows: show the full first page instead of a short one.
                return try firstPage(reader, base: base, size: size, total: total)
            }
            let items = rows.prefix(size).reversed().map { item($0) }
            return TodoPage(items: Array(items), total: total, hasNext: true, hasPrevious: true)
        }
    }

    static func firstPage(_ reader: ParseReader, base: ParseQuery, size: Int, total: Int) throws -> TodoPage {
        let rows = try reader.find(base.order(by: "-createdAt", "-objectId").limit(size + 1))
        let items = rows.prefix(size).map { item($0) }
        return TodoPage(items: Array(items), total: total, hasNext: rows.count > size, hasPrevious: false)
    }

    /// Rows after the cursor in newest-first order: created earlier, or at the same instant with a smaller id.
    static func olderThan(_ cursor: PageCursor, _ base: ParseQuery) -> ParseQuery {
        base.where("createdAt", "$lte", .date(cursor.date)).nor([
            ParseQuery(className).where("createdAt", equalTo: .date(cursor.date))
                .where("objectId", "$gte", .string(cursor.objectId))
        ])
    }

    /// Rows before the cursor in newest-first order: created later, or at the same instant with a larger id.
    static func newerThan(_ cursor: PageCursor, _ base: ParseQuery) -> ParseQuery {
        base.where("createdAt", "$gte", .date(cursor.date)).nor([
            ParseQuery(className).where("createdAt", equalTo: .date(cursor.date))
                .where("objectId", "$lte", .string(cursor.objectId))
        ])
    }
}

/// The household's day as the store compares due dates: before it is overdue, within it is due today, from the
/// next midnight on is the rest of the list. A due date stored with a time of day (by another Parse client) falls
/// in the day its UTC date names, as the rows show it.
struct TodoDueWindow: Sendable, Hashable {
    /// Midnight UTC starting the day, and the next.
    let today: Date
    let tomorrow: Date

    init(_ day: CalendarDate) {
        today = day.date
        tomorrow = day.adding(days: 1).date
    }

    /// The to-dos of `open` due before the day.
    func overdue(_ open: ParseQuery) -> ParseQuery { open.where("dueDate", "$lt", .date(today)) }

    /// The to-dos of `open` due on the day.
    func dueToday(_ open: ParseQuery) -> ParseQuery {
        open.where("dueDate", "$gte", .date(today)).where("dueDate", "$lt", .date(tomorrow))
    }

    /// The to-dos of `open` in neither group: due after the day, or without a due date.
    func rest(_ open: ParseQuery) -> ParseQuery {
        open.nor([ParseQuery(open.className).where("dueDate", "$lt", .date(tomorrow))])
    }
}

extension StoreTodoRepository {
    /// The search index's tags of a to-do ticked off and of one still to do.
    static let doneTag = "done"
    static let openTag = "open"

    /// To-dos are found by the words of their title and description, and tagged open or done so a search's counts
    /// and its newest-first pages come from the index alone.
    static let searchable = SearchableClass(className: className) { object, _ in
        let item = item(object)
        return SearchDocument(
            text: item.title + "\n" + item.description, tags: [item.done ? doneTag : openTag])
    }

    /// A page of the open to-dos that match `search`, newest first, read from the index (its documents are
    /// ordered by creation) and then fetched by id; cursor links page from the row they name, as the list does.
    static func searchPage(
        _ reader: ParseReader, search: String, position: TodoPagePosition, size: Int, total: Int
    ) throws -> TodoPage {
        let start: ParseReader.SearchStart
        switch position {
        case .first: start = .offset(0)
        case .number(let number): start = .offset((max(1, number) - 1) * size)
        case .after(let cursor): start = .olderThan(objectId: cursor.objectId)
        case .before(let cursor): start = .newerThan(objectId: cursor.objectId)
        }
        var ids = try reader.searchIds(in: className, for: search, tags: [openTag], limit: size + 1, from: start)
        let hasMore = ids.count > size
        ids = Array(ids.prefix(size))
        if case .before = position {
            guard hasMore else {
                return try searchPage(reader, search: search, position: .first, size: size, total: total)
            }
            ids.reverse()
        }
        let rows = try reader.find(
            ParseQuery(className).where("objectId", "$in", .array(ids.map(ParseValue.string))).limit(size))
        let byId = Dictionary(rows.map { ($0.objectId, $0) }, uniquingKeysWith: { first, _ in first })
        let items = ids.compactMap { byId[$0] }.map { item($0) }
        switch position {
        case .first, .number(1): return TodoPage(items: items, total: total, hasNext: hasMore, hasPrevious: false)
        case .number: return TodoPage(items: items, total: total, hasNext: hasMore, hasPrevious: true)
        case .after: return TodoPage(items: items, total: total, hasNext: hasMore, hasPrevious: true)
        case .before: return TodoPage(items: items, total: total, hasNext: true, hasPrevious: true)
        }
    }
}
