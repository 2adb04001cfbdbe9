import Foundation
import ParseStore

/// The to-do repository on the Parse store: class `TodoListItem` with String fields `title` and `description`.
///
/// The total of all to-dos is counted once when the repository is made and then kept in memory, adjusted on
/// every create and delete made through it, so the list page never counts a million rows per request.
/// This is exact as long as this process is the only writer of the database, which is how Parsnip runs.
/// The same counter's `revision` moves on every write, which lets the list pages be cached between writes.
public final class StoreTodoRepository: TodoRepository {
    /// The Parse class that holds to-dos.
    public static let className = "TodoListItem"

    let store: ParseStore
    private let counter: WriteCounter

    /// Opens the repository on `store` and counts the to-dos already there.
    public init(store: ParseStore) async throws {
        self.store = store
        let count = try await store.read { reader in try reader.count(ParseQuery(Self.className)) }
        self.counter = WriteCounter(total: count)
    }

    public var revision: Int { counter.revision }

    public func page(_ request: TodoPageRequest) async throws -> TodoPage {
        let search = request.search
        let size = max(1, request.size)
        // The in-memory total can differ from the snapshot only by writes finishing at this very instant.
        let cachedTotal = search == nil ? counter.total : nil
        return try await store.read { reader in
            let base = Self.baseQuery(search: search)
            let total = try cachedTotal ?? reader.count(base)
            switch request.position {
            case .first:
                return try Self.firstPage(reader, base: base, size: size, total: total)
            case .after(let cursor):
                let rows = try reader.find(
                    Self.olderThan(cursor, base).order(by: "-createdAt", "-objectId").limit(size + 1))
                let items = rows.prefix(size).map { Self.item($0) }
                return TodoPage(items: Array(items), total: total, hasNext: rows.count > size, hasPrevious: true)
            case .before(let cursor):
                let rows = try reader.find(
                    Self.newerThan(cursor, base).order(by: "createdAt", "objectId").limit(size + 1))
                guard rows.count > size else {
                    // Nothing newer remains beyond these rows: show the full first page instead of a short one.
                    return try Self.firstPage(reader, base: base, size: size, total: total)
                }
                let items = rows.prefix(size).reversed().map { Self.item($0) }
                return TodoPage(items: Array(items), total: total, hasNext: true, hasPrevious: true)
            }
        }
    }

    public func find(id: String) async throws -> TodoListItem? {
        try await store.read { reader in
            do {
                return Self.item(
                    try reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include))
            } catch let error as ParseError where error.code == .objectNotFound {
                return nil
            }
        }
    }

    public func create(_ draft: TodoDraft, by user: SignedInUser?) async throws -> TodoListItem {
        var added = 0
        defer { counter.recordWrite(changingTotalBy: added) }
        let object = try await store.write { writer in
            try writer.create(Self.className, operations: Self.operations(for: draft, by: user))
        }
        added = 1
        return Self.item(object, changedBy: user?.username)
    }

    public func update(
        id: String, with draft: TodoDraft, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<TodoListItem> {
        defer { counter.recordWrite() }
        do {
            return try await store.write { writer in
                let stored = try writer.reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include)
                let current = Self.item(stored)
                let resolver = FieldResolver(
                    base: base, choices: choices, currentVersion: EditBase.version(of: stored.updatedAt))
                let merge = Self.merge(draft, onto: current, resolver: resolver)
                guard merge.conflicts.isEmpty else {
                    return .conflict(
                        ConflictReport(
                            stamp: current.lastChange, version: resolver.currentVersion, conflicts: merge.conflicts,
                            choiceMissing: !choices.isEmpty && resolver.isCurrent))
                }
                let saved = try writer.update(
                    Self.className, objectId: id, operations: Self.operations(for: merge.draft, by: user))
                let report =
                    merge.theirLabels.isEmpty
                    ? nil : MergeReport(stamp: current.lastChange, fieldLabels: merge.theirLabels)
                return .saved(Self.item(saved, changedBy: user?.username), merged: report)
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw TodoRepositoryError.notFound
        }
    }

    /// The typed draft settled field by field against the stored to-do.
    static func merge(_ draft: TodoDraft, onto current: TodoListItem, resolver: FieldResolver) -> (
        draft: TodoDraft, theirLabels: [String], conflicts: [FieldConflict]
    ) {
        let stored = TodoDraft(title: current.title, description: current.description)
        var merged = draft
        var theirLabels: [String] = []
        var conflicts: [FieldConflict] = []
        for field in TodoDraft.Field.allCases {
            let mine = draft[field]
            let theirs = stored[field]
            switch resolver.resolve(
                field.rawValue, mine: FieldFingerprint.of(mine), theirs: FieldFingerprint.of(theirs))
            {
            case .keepMine:
                continue
            case .takeTheirs:
                merged[field] = theirs
                theirLabels.append(field.label)
            case .conflict:
                conflicts.append(
                    FieldConflict(
                        key: field.rawValue, label: field.label, mine: lines(mine), theirs: lines(theirs)))
            }
        }
        return (merged, theirLabels, conflicts)
    }

    /// A value as lines for the conflict page; nothing for an empty value.
    static func lines(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    public func delete(id: String) async throws -> TodoListItem {
        var removed = 0
        defer { counter.recordWrite(changingTotalBy: -removed) }
        guard let object = try await store.deleteObject(Self.className, objectId: id) else {
            throw TodoRepositoryError.notFound
        }
        removed = 1
        return Self.item(object)
    }

    // MARK: Queries

    static func baseQuery(search: String?) -> ParseQuery {
        let query = ParseQuery(className)
        guard let search else { return query }
        return query.or([
            ParseQuery(className).matches("title", containing: search, caseInsensitive: true),
            ParseQuery(className).matches("description", containing: search, caseInsensitive: true),
        ])
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

    /// The stored fields of a draft and who saved it. An empty description is left unset, as the seed's optional
    /// `description: String?` is: `.null` never creates the field and, on update, removes an old value.
    static func operations(for draft: TodoDraft, by user: SignedInUser?) -> [String: ParseUpdate] {
        [
            "title": .set(.string(draft.title)),
            "description": .set(draft.description.isEmpty ? .null : .string(draft.description)),
            ChangeAuthorship.field: ChangeAuthorship.update(by: user),
        ]
    }

    /// The to-do in `object`; `changedBy` overrides the name read from an included `updatedBy`.
    static func item(_ object: ParseObject, changedBy: String? = nil) -> TodoListItem {
        TodoListItem(
            id: object.objectId,
            title: object["title"]?.stringValue ?? "",
            description: object["description"]?.stringValue ?? "",
            createdAt: object.createdAt,
            updatedAt: object.updatedAt,
            changedBy: changedBy ?? ChangeAuthorship.stamp(of: object).username
        )
    }
}
