import Foundation
import ParseStore

/// The to-do repository on the Parse store: class `TodoListItem` with String fields `title` and `description`.
///
/// Every change goes through the write path, which keeps the total of all to-dos (so the list page never counts a
/// million rows per request) and the revision that lets list pages be cached between writes.
public final class StoreTodoRepository: TodoRepository {
    /// The Parse class that holds to-dos.
    public static let className = "TodoListItem"

    let store: ParseStore
    let writePath: WritePath

    /// Opens the repository on `writePath`'s store.
    public init(writePath: WritePath) {
        self.store = writePath.store
        self.writePath = writePath
    }

    public var revision: Int { writePath.revision }

    public func page(_ request: TodoPageRequest) async throws -> TodoPage {
        let search = request.search
        let size = max(1, request.size)
        // The in-memory total can differ from the snapshot only by writes finishing at this very instant.
        let cachedTotal = search == nil ? writePath.total(of: Self.className) : nil
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
        try await writePath.change(by: user) { session in
            let object = try session.create(Self.className, Self.operations(for: draft))
            try session.record(.created, Self.reference(object.objectId), before: nil, after: RecordSnapshot.of(object))
            return Self.item(object, changedBy: user?.username)
        }
    }

    public func update(
        id: String, with draft: TodoDraft, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<TodoListItem> {
        do {
            return try await writePath.change(by: user) { session in
                let stored = try session.reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include)
                let current = Self.item(stored)
                let resolver = FieldResolver(
                    base: base, choices: choices, currentVersion: EditBase.version(of: stored.updatedAt))
                let storedDraft = TodoDraft(title: current.title, description: current.description)
                switch ThreeWayMerge.settle(TodoDraft.Field.self, typed: draft, stored: storedDraft, resolver: resolver)
                {
                case .conflict(let conflicts):
                    return .conflict(resolver.conflictReport(conflicts, stamp: current.lastChange))
                case .save(let merged, let theirLabels):
                    let saved = try session.update(Self.className, objectId: id, Self.operations(for: merged))
                    try session.record(
                        .edited, Self.reference(id), before: RecordSnapshot.of(stored), after: RecordSnapshot.of(saved))
                    let report =
                        theirLabels.isEmpty ? nil : MergeReport(stamp: current.lastChange, fieldLabels: theirLabels)
                    return .saved(Self.item(saved, changedBy: user?.username), merged: report)
                }
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw TodoRepositoryError.notFound
        }
    }

    public func delete(id: String, by user: SignedInUser?) async throws -> Deletion<TodoListItem> {
        do {
            return try await writePath.change(by: user) { session in
                let deleted = try session.deleteToTrash(
                    Self.reference(id), kind: Self.trashKind, name: { Self.item($0).title })
                return Deletion(item: Self.item(deleted.object), trashId: deleted.trashId)
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw TodoRepositoryError.notFound
        }
    }

    public func deletion(id: String) async throws -> DeletedWhileEditing {
        try await DeletedWhileEditing.lookUp(Self.reference(id), writePath: writePath)
    }

    public func restore(id: String, with draft: TodoDraft, by user: SignedInUser?) async throws
        -> RestoreWithChanges<TodoListItem>
    {
        try await writePath.change(by: user) { session in
            switch try session.restoreFromTrash(Self.reference(id), kind: Self.trash) {
            case nil: return .notInTrash
            case .refused(let refusal): return .refused(refusal.message)
            case .restored:
                let stored = try session.reader.fetch(Self.className, objectId: id)
                let saved = try session.update(Self.className, objectId: id, Self.operations(for: draft))
                try session.record(
                    .edited, Self.reference(id), before: RecordSnapshot.of(stored), after: RecordSnapshot.of(saved))
                return .restored(Self.item(saved, changedBy: user?.username))
            }
        }
    }

    /// What the trash calls to-dos.
    static let trashKind = "todo"

    /// The to-do `id` as a record reference.
    static func reference(_ id: String) -> RecordReference { RecordReference(className: className, objectId: id) }

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

    /// The stored fields of a draft. An empty description is left unset, as the seed's optional
    /// `description: String?` is: `.null` never creates the field and, on update, removes an old value.
    static func operations(for draft: TodoDraft) -> [String: ParseUpdate] {
        [
            "title": .set(.string(draft.title)),
            "description": .set(draft.description.isEmpty ? .null : .string(draft.description)),
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
