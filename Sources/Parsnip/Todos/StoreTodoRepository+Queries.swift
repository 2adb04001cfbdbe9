import Foundation
import ParseStore

/// The list pages' reads: open to-dos newest first (keyset pages) or by due date, done ones most recently done
/// first (numbered pages), with the counts of both, all from one snapshot.
extension StoreTodoRepository {
    public func page(_ request: TodoPageRequest) async throws -> TodoPage {
        let size = max(1, request.size)
        // The in-memory total can differ from the snapshot only by writes finishing at this very instant.
        let cachedTotal = request.search == nil ? writePath.total(of: Self.className) : nil
        return try await store.read { reader in
            let all = try cachedTotal ?? reader.count(Self.baseQuery(search: request.search))
            let doneCount = try reader.count(Self.doneQuery(search: request.search))
            let openCount = max(0, all - doneCount)
            var page: TodoPage
            switch (request.part, request.sort, request.position) {
            case (.done, _, let position):
                page = try Self.numberedPage(
                    reader, Self.doneQuery(search: request.search).order(by: "-completedAt", "-updatedAt"),
                    number: Self.pageNumber(position), size: size, total: doneCount)
            case (.open, .due, let position):
                page = try Self.dueDatePage(
                    reader, search: request.search, number: Self.pageNumber(position), size: size, total: openCount)
            case (.open, .newest, let position):
                page = try Self.keysetPage(
                    reader, base: Self.openQuery(search: request.search), position: position, size: size,
                    total: openCount)
            }
            page.openCount = openCount
            page.doneCount = doneCount
            if request.part == .open, request.recentlyDoneCount > 0, !page.hasPrevious, doneCount > 0 {
                let recent = Self.doneQuery(search: request.search).order(by: "-completedAt", "-updatedAt")
                page.recentlyDone = try reader.find(recent.limit(request.recentlyDoneCount)).map { Self.item($0) }
            }
            return page
        }
    }

    /// Every to-do, or those whose title or description contains `search` (ignoring case).
    static func baseQuery(search: String?) -> ParseQuery {
        let query = ParseQuery(className)
        guard let search else { return query }
        return query.or([
            ParseQuery(className).matches("title", containing: search, caseInsensitive: true),
            ParseQuery(className).matches("description", containing: search, caseInsensitive: true),
        ])
    }

    /// The to-dos still to do: `done` false or missing (as in one the seed app made).
    static func openQuery(search: String?) -> ParseQuery {
        baseQuery(search: search).where("done", "$ne", .boolean(true))
    }

    /// The to-dos ticked off.
    static func doneQuery(search: String?) -> ParseQuery {
        baseQuery(search: search).where("done", equalTo: .boolean(true))
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
    /// then those without one, newest first.
    static func dueDatePage(_ reader: ParseReader, search: String?, number: Int, size: Int, total: Int) throws
        -> TodoPage
    {
        let offset = (number - 1) * size
        let withDate = openQuery(search: search).where("dueDate", "$exists", .boolean(true))
        let without = openQuery(search: search).where("dueDate", "$exists", .boolean(false))
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
        case .first, .number:
            return try firstPage(reader, base: base, size: size, total: total)
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
