import Foundation
import ParseStore

/// The to-dos' History pages: a snapshot read as a to-do's fields, and a put-back saved as an edit.
struct TodoHistory<Repository: TodoRepository>: HistorySubject {
    typealias Field = TodoDraft.Field

    let repository: Repository
    let thing = "to-do"
    let basePath = "/todos"
    let className = StoreTodoRepository.className

    func recordURL(id: String) -> String { "/todos/\(id)" }

    func name(of record: TodoDraft) -> String { record.title }

    func record(from snapshot: ParseValue, id: String) -> TodoDraft? {
        let reference = RecordReference(className: className, objectId: id)
        guard let object = RecordSnapshot.object(snapshot, of: reference, at: Date()) else { return nil }
        return StoreTodoRepository.item(object).draft
    }

    func current(id: String) async throws -> HistoryCurrent<TodoDraft>? {
        guard let item = try await repository.find(id: id) else { return nil }
        return HistoryCurrent(
            record: item.draft,
            version: EditBase.version(of: item.updatedAt))
    }

    func save(
        id: String, typed: TodoDraft, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> ConflictReport? {
        switch try await repository.update(id: id, with: typed, base: base, choices: choices, by: user) {
        case .saved: return nil
        case .conflict(let report): return report
        }
    }
}
