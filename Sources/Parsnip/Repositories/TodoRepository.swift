/// Where to-dos live. Controllers know only this protocol; the store-backed implementation sits beside it.
public protocol TodoRepository: Sendable {
    /// A number that changes after every write through this repository: two reads at the same revision
    /// see the same to-dos, so pages rendered at one revision can be reused until it changes.
    var revision: Int { get }
    /// One page of the newest-first list, with its total, read in one consistent snapshot.
    func page(_ request: TodoPageRequest) async throws -> TodoPage
    /// The to-do with this id, or nil when there is none.
    func find(id: String) async throws -> TodoListItem?
    /// Stores a new to-do and returns it with its id and timestamps.
    func create(_ draft: TodoDraft) async throws -> TodoListItem
    /// Replaces both fields of a to-do; throws `TodoRepositoryError.notFound` when it does not exist.
    func update(id: String, with draft: TodoDraft) async throws -> TodoListItem
    /// Deletes a to-do and returns what it was; throws `TodoRepositoryError.notFound` when it does not exist.
    func delete(id: String) async throws -> TodoListItem
}

/// Failures a repository reports in the app's own terms.
public enum TodoRepositoryError: Error, Sendable, Hashable {
    /// No to-do has that id (it may have been deleted meanwhile).
    case notFound
}
