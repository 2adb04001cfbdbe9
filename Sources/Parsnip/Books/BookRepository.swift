import ParseStore

/// Where books, genres, authors and publishers live. Controllers know only this protocol.
///
/// Internal, not public: saves speak the editing foundation's internal types (`EditBase`, `EditOutcome`).

protocol BookRepository: Sendable {
    /// Moves after every write through this repository (for page caches).
    var revision: Int { get }

    // MARK: Books

    /// One page of the book list with what a list row shows — each book's title, year, genre, ISBN and authors —
    /// read in one snapshot with a bounded number of SQL statements whatever the page holds (its reading status,
    /// lending and publishers are not read).
    func list(_ request: BookListRequest) async throws -> BookListPage
    /// The book with its genre, ISBN, authors and publishers, or nil.
    func find(id: String) async throws -> Book?
    /// Stores the ISBN object, the Book with both Pointers, and the authors, publishers and genre.books relation
    /// rows in one transaction, with `updatedBy` = `user` (unset for nil); the entries named in `input.newEntryNames`
    /// are linked, or added when no entry has that name, in the same transaction. Throws `BookSaveError` for a used
    /// ISBN or an entry that does not exist.
    func create(_ input: BookInput, by user: SignedInUser?) async throws -> Book
    /// Saves an edit form loaded as `base` in one transaction: fields nobody else changed meanwhile are saved as
    /// typed, fields only someone else changed keep their value, authors and publishers merge as sets, and a field
    /// both changed differently is a conflict (nothing written) unless `choices` settle it for the stored version.
    /// Sets `updatedBy` = `user` (unset for nil); links or adds the entries named in `input.newEntryNames`, as `create`
    /// does. Throws `BookSaveError`, or `.bookNotFound` when the book is gone.
    func update(
        id: String, with input: BookInput, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<Book>
    /// The book is back home: clears `lentTo`, `lentOn` and `dueBack` in one stamped change that History records
    /// (nothing is written when it was not lent). Throws `BookSaveError.bookNotFound` when it is gone.
    func markReturned(id: String, by user: SignedInUser?) async throws -> Book
    /// Keeps a cover chosen on the form, before any book names it, so a form shown again still holds it.
    func keepCover(_ cover: StoredFile) async throws
    /// The kept cover (or any kept file) called `name`, with its bytes; nil when there is none.
    func cover(named name: String) async throws -> StoredFile?
    /// Deletes the book, its ISBN object and every relation row that names it; returns what it was.
    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<Book>
    /// Who deleted the book `id` and when, with the trash item that can bring it back.
    func deletion(id: String) async throws -> DeletedWhileEditing
    /// Brings the deleted book `id` back from the trash (its ISBN, genre, authors and publishers as they were) with
    /// `input` saved over it, in one transaction. Throws `BookSaveError` when `input` cannot be stored (its ISBN is
    /// another book's, an entry it names is gone); nothing is restored then.
    func restore(id: String, with input: BookInput, by user: SignedInUser?) async throws -> RestoreWithChanges<Book>

    // MARK: Genres, authors, publishers

    /// Every entry of a kind with its book counts, sorted by name (ignoring case and accents) — authors by surname
    /// (`PersonName.sortKey`).
    func entries(_ kind: CatalogueKind) async throws -> [CatalogueEntryUsage]
    /// The ids of the entries of `kind` whose name holds every word of `search` (by word beginnings, any order,
    /// ignoring case and accents): the search index's answer, as every list's search box gives.
    func entryIds(_ kind: CatalogueKind, matching search: String) async throws -> Set<String>
    /// One entry with its book count, or nil.
    func entry(_ kind: CatalogueKind, id: String) async throws -> CatalogueEntryUsage?
    /// Adds an entry; throws `CatalogueError.duplicate` when the name exists (ignoring case, accents and spaces, and
    /// for an author the order of "Surname, Forename").
    func createEntry(_ kind: CatalogueKind, name: String, by user: SignedInUser?) async throws -> CatalogueEntry
    /// Renames an entry; throws `CatalogueError.duplicate` or `.notFound`.
    func renameEntry(_ kind: CatalogueKind, id: String, to name: String, by user: SignedInUser?) async throws
        -> CatalogueEntry
    /// Renames an entry after the three-way check of every edit form (the name as loaded in `base`, as typed, as
    /// stored now), in one transaction: a name changed since answers `.conflict` and writes nothing.
    func renameEntry(
        _ kind: CatalogueKind, id: String, to name: String, from base: EditBase, choices: [String: ConflictChoice],
        by user: SignedInUser?
    ) async throws -> EditOutcome<CatalogueEntry>
    /// Deletes an entry. A genre that books use is refused (`CatalogueError.inUse(count)`) unless `moveBooksTo`
    /// names another genre, which then takes its books; an author or publisher is removed from its books.
    /// What it took away goes to the trash.
    func deleteEntry(_ kind: CatalogueKind, id: String, moveBooksTo: String?, by user: SignedInUser?) async throws
        -> Deletion<CatalogueEntry>
    /// Merges entry `id` into `keptId` in one transaction: every book of `id` takes `keptId` instead (a book that had
    /// both keeps one link; a genre's books move), each book's History and both entries' say so, and `id` goes to
    /// the trash, from where restoring it undoes the whole merge. Throws `CatalogueError.notFound` when either is gone
    /// (or they are the same).
    func mergeEntry(_ kind: CatalogueKind, id: String, into keptId: String, by user: SignedInUser?) async throws
        -> CatalogueMerge
}

/// Why a book could not be saved, in the app's terms.
enum BookSaveError: Error, Sendable, Hashable {
    /// Another book already has this ISBN.
    case isbnUsed(byBookId: String, title: String)
    /// The chosen genre does not exist (deleted meanwhile).
    case unknownGenre
    /// Some chosen authors or publishers do not exist (deleted meanwhile).
    case unknownEntries(CatalogueKind)
    /// The book being edited is gone.
    case bookNotFound
    /// A rule every writer meets (BookRules) refused the save: the stored field it is about and why.
    case broken(field: String, message: Words)
}

/// Why a genre, author or publisher could not be changed.
enum CatalogueError: Error, Sendable, Hashable {
    /// An entry with this name exists already (its id).
    case duplicate(existingId: String)
    case notFound
    /// A genre still used by this many books.
    case inUse(bookCount: Int)
}

/// How the book list is sorted.
enum BookSort: String, Sendable, Hashable, CaseIterable {
    /// Title A–Z, ignoring case and accents.
    case title
    /// Publishing year, newest first, then title.
    case year
}

/// A request for one page of the book list.
struct BookListRequest: Sendable, Hashable {
    /// Text to look for in titles, ignoring case; nil for all.
    var search: String?
    var genreId: String?
    var authorId: String?
    var publisherId: String?
    /// Books by any of these authors (the authors whose names match what was typed); nil for no such filter, empty
    /// when no author matched (then no book does).
    var anyOfAuthorIds: [String]? = nil
    /// Lent out or unread only; nil for every book.
    var shelf: BookShelf? = nil
    var sort: BookSort
    /// From 1.
    var page: Int
    var size: Int

    init(
        search: String? = nil, genreId: String? = nil, authorId: String? = nil, publisherId: String? = nil,
        sort: BookSort = .title, page: Int = 1, size: Int = 50
    ) {
        self.search = search
        self.genreId = genreId
        self.authorId = authorId
        self.publisherId = publisherId
        self.sort = sort
        self.page = page
        self.size = size
    }
}

/// One page of the book list (books carry genre, ISBN and authors; publishers are left empty).
struct BookListPage: Sendable, Hashable {
    var books: [Book]
    /// Books matching the filters, on all pages.
    var total: Int
    /// Books at all (to tell "none yet" from "none match").
    var totalWithoutFilters: Int

}
