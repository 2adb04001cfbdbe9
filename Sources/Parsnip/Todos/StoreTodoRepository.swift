import Foundation
import ParseStore

/// The to-do repository on the Parse store: class `TodoListItem` with the seed's String fields `title` and
/// `description`, plus `done` (Boolean), `completedAt` (Date) and `dueDate` (Date).
///
/// Every change goes through the write path, which keeps the total of all to-dos (so the list page never counts a
/// million rows per request) and the revision that lets list pages be cached between writes.
final class StoreTodoRepository: TodoRepository {
    /// The Parse class that holds to-dos.
    static let className = "TodoListItem"
    /// The indexes the lists need: done ones by completion, open ones by due date.
    static let indexes = [
        StoredIndex(className, [("done", .boolean), ("completedAt", .date)]),
        StoredIndex(className, [("dueDate", .date)]),
        StoredIndex(className, [("assignee", .string)]),
    ]

    let writePath: WritePath

    /// Opens the repository on `writePath`'s store.
    init(writePath: WritePath) {
        self.writePath = writePath
    }

    var revision: Int { writePath.revision }

    func find(id: String) async throws -> TodoListItem? {
        try await writePath.read { reader in
            do {
                return Self.item(
                    try reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include))
            } catch let error as ParseError where error.code == .objectNotFound {
                return nil
            }
        }
    }

    func create(_ draft: TodoDraft, by user: SignedInUser?) async throws -> TodoListItem {
        try await writePath.change(by: user) { session in
            let object = try session.create(
                Self.className, Self.operations(for: draft, was: nil, now: session.writer.now()))
            try session.record(.created, Self.reference(object.objectId), before: nil, after: RecordSnapshot.of(object))
            return Self.item(object, changedBy: user?.username)
        }
    }

    func update(
        id: String, with draft: TodoDraft, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<TodoListItem> {
        do {
            return try await writePath.change(by: user) { session in
                let stored = try session.reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include)
                let current = Self.item(stored)
                let resolver = FieldResolver(
                    base: base, choices: choices, currentVersion: EditBase.version(of: stored.updatedAt))
                switch ThreeWayMerge.settle(
                    TodoDraft.Field.self, typed: draft, stored: current.draft, resolver: resolver)
                {
                case .conflict(let conflicts):
                    return .conflict(resolver.conflictReport(conflicts, stamp: current.lastChange))
                case .save(let merged, let theirLabels):
                    let saved = try session.update(
                        Self.className, objectId: id,
                        Self.operations(for: merged, was: current, now: session.writer.now()))
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

    func setDone(_ done: Bool, id: String, by user: SignedInUser?) async throws -> TodoListItem {
        do {
            return try await writePath.change(by: user) { session in
                let stored = try session.reader.fetch(Self.className, objectId: id)
                let current = Self.item(stored)
                guard current.done != done else { return current }
                var draft = current.draft
                draft.done = done
                // A repeating one's next is made (or taken back) by the write path: `TodoRepeatKeeping`.
                let operations = Self.doneOperations(for: draft, was: current, now: session.writer.now())
                let saved = try session.update(Self.className, objectId: id, operations)
                try session.record(
                    .edited, Self.reference(id), before: RecordSnapshot.of(stored), after: RecordSnapshot.of(saved))
                return Self.item(saved, changedBy: user?.username)
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw TodoRepositoryError.notFound
        }
    }

    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<TodoListItem> {
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

    func deletion(id: String) async throws -> DeletedWhileEditing {
        try await DeletedWhileEditing.lookUp(Self.reference(id), writePath: writePath)
    }

    func restore(id: String, with draft: TodoDraft, by user: SignedInUser?) async throws
        -> RestoreWithChanges<TodoListItem>
    {
        try await writePath.change(by: user) { session in
            switch try session.restoreFromTrash(Self.reference(id), kind: Self.trash) {
            case nil: return .notInTrash
            case .refused(let refusal): return .refused(refusal.message)
            case .restored:
                let stored = try session.reader.fetch(Self.className, objectId: id)
                let saved = try session.update(
                    Self.className, objectId: id,
                    Self.operations(for: draft, was: Self.item(stored), now: session.writer.now()))
                try session.record(
                    .edited, Self.reference(id), before: RecordSnapshot.of(stored), after: RecordSnapshot.of(saved))
                return .restored(Self.item(saved, changedBy: user?.username))
            }
        }
    }

    /// Moves the to-do `id` a repeating one's tick made to the trash, when it is still as it was made: not done,
    /// never changed. One already changed, done or gone stays as it is.
    static func takeBack(_ id: String, session: ChangeSession) throws {
        guard let made = try session.reader.first(ParseQuery(className).where("objectId", equalTo: .string(id))),
            made.updatedAt == made.createdAt, made["done"]?.boolValue != true
        else { return }
        _ = try session.deleteToTrash(reference(id), kind: trashKind, name: { item($0).title })
    }

    /// What the trash calls to-dos.
    static let trashKind = "todo"

    /// The to-do `id` as a record reference.
    static func reference(_ id: String) -> RecordReference { RecordReference(className: className, objectId: id) }

    /// The stored fields of a draft saved over `was` (nil for a new to-do) at `now`. An empty description or due
    /// date is left unset, as the seed's optional `description: String?` is: `.null` never creates the field and,
    /// on update, removes an old value.
    static func operations(for draft: TodoDraft, was: TodoListItem?, now: Date) -> [String: ParseUpdate] {
        var operations = doneOperations(for: draft, was: was, now: now)
        operations["title"] = .set(.string(draft.title))
        operations["description"] = .set(draft.description.isEmpty ? .null : .string(draft.description))
        operations["dueDate"] = .set(draft.dueDay.map { .date($0.date) } ?? .null)
        operations["assignee"] = .set(draft.who.isEmpty ? .null : .string(draft.who))
        operations["repeat"] = .set(draft.repeatRule.map { .string($0.stored) } ?? .null)
        return operations
    }

    /// `done`, and `completedAt`: stamped `now` when the to-do becomes done, kept while it stays done, removed
    /// when it is opened again.
    static func doneOperations(for draft: TodoDraft, was: TodoListItem?, now: Date) -> [String: ParseUpdate] {
        guard draft.done else {
            // A new open to-do gets no `done` at all, as one made by the seed app has none.
            return was == nil ? [:] : ["done": .set(.boolean(false)), "completedAt": .set(.null)]
        }
        if let was, was.done { return ["done": .set(.boolean(true))] }
        return ["done": .set(.boolean(true)), "completedAt": .set(.date(now))]
    }

    /// The to-do in `object`; `changedBy` overrides the name read from an included `updatedBy`.
    static func item(_ object: ParseObject, changedBy: String? = nil) -> TodoListItem {
        var item = TodoListItem(
            id: object.objectId,
            title: object["title"]?.stringValue ?? "",
            description: object["description"]?.stringValue ?? "",
            done: object["done"]?.boolValue ?? false,
            completedAt: object["completedAt"]?.dateValue,
            dueDate: object["dueDate"]?.dateValue.flatMap(CalendarDate.init(stored:)),
            createdAt: object.createdAt,
            updatedAt: object.updatedAt,
            changedBy: changedBy ?? ChangeAuthorship.stamp(of: object).username
        )
        item.writers = object.writers
        item.assignee = object["assignee"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        item.repeatRule = object["repeat"]?.stringValue.flatMap(TodoRepeat.init(stored:))
        item.repeatNext = object["repeatNext"]?.stringValue
        item.recipeId = object["recipe"]?.pointerValue?.objectId
        return item
    }
}
