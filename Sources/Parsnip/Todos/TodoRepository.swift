/// Where to-dos live. Controllers know only this protocol; the store-backed implementation sits beside it.
protocol TodoRepository: Sendable {
    /// A number that changes after every change Parsnip makes: two reads at the same revision
    /// see the same to-dos, so pages rendered at one revision can be reused until it changes.
    var revision: Int { get }
    /// One page of the open or done to-dos, with the counts of both, read in one consistent snapshot.
    func page(_ request: TodoPageRequest) async throws -> TodoPage
    /// How many open to-dos the visitor may read are overdue and due on `day` (the household's day).
    func dueCounts(on day: CalendarDate) async throws -> TodoDueCounts
    /// The to-do with this id, or nil when there is none.
    func find(id: String) async throws -> TodoListItem?
    /// Stores a new to-do made by `user` (nil: nobody signed in) and returns it with its id and timestamps.
    func create(_ draft: TodoDraft, by user: SignedInUser?) async throws -> TodoListItem
    /// Saves an edit made from the version `base` describes, in one transaction: merged with changes another
    /// person saved meanwhile to other fields, or refused as a conflict (nothing written) when they changed the
    /// same field differently and `choices` does not settle it. Throws `TodoRepositoryError.notFound` when the
    /// to-do no longer exists.
    func update(
        id: String, with draft: TodoDraft, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<TodoListItem>
    /// Ticks the to-do `id` off (`done` true, `completedAt` now) or opens it again (both cleared), in one
    /// transaction with its history entry; one already in that state is returned unchanged. Throws
    /// `TodoRepositoryError.notFound` when it does not exist.
    /// A repeating to-do ticked off makes the next, due on the first day its rule names after both its due day and
    /// `today` (the household's day); opened again, that next one goes to the trash while nobody has changed it.
    func setDone(_ done: Bool, id: String, by user: SignedInUser?) async throws -> TodoListItem
    /// Adds one open to-do a title, each linked by a `recipe` Pointer to `recipeId` of class `recipeClass`, in one
    /// transaction (all or none); returns how many were added.
    func addAll(titles: [String], linkedTo recipeId: String, of recipeClass: String, by user: SignedInUser?)
        async throws -> Int
    /// Moves a to-do to the trash and returns what it was with its trash item; throws
    /// `TodoRepositoryError.notFound` when it does not exist.
    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<TodoListItem>
    /// Who deleted the to-do `id` and when, with the trash item that can bring it back (for an edit form whose
    /// to-do was deleted while it was open).
    func deletion(id: String) async throws -> DeletedWhileEditing
    /// Brings the deleted to-do `id` back from the trash with `draft` saved over it, in one transaction.
    func restore(id: String, with draft: TodoDraft, by user: SignedInUser?) async throws
        -> RestoreWithChanges<TodoListItem>
}

/// How many open to-dos are overdue, and how many are due today.
struct TodoDueCounts: Sendable, Hashable {
    var overdue: Int
    var dueToday: Int
}

/// Failures a repository reports in the app's own terms.
enum TodoRepositoryError: DescribedError, Sendable, Hashable {
    /// No to-do has that id (it may have been deleted meanwhile).
    case notFound
}
