import Foundation
import ParseStore

/// The books' History pages: a snapshot read as a book with its genre, authors and publishers by name, and a
/// put-back saved as an edit — refused in plain words when an entry it names is gone or its ISBN is taken.
struct BookHistory<Repository: BookRepository>: HistorySubject {
    typealias Field = BookEditField

    let repository: Repository
    let thing = "book"
    let basePath = "/books"
    let className = StoreBookRepository.Schema.book
    let inBooks = true

    func recordURL(id: String) -> String { "/books/\(id)" }

    func name(of record: Book) -> String { record.title }

    func record(from snapshot: ParseValue, id: String) -> Book? { BookSnapshot.book(snapshot, id: id) }

    func current(id: String) async throws -> HistoryCurrent<Book>? {
        guard let book = try await repository.find(id: id) else { return nil }
        return HistoryCurrent(record: book, version: EditBase(book: book).version)
    }

    func save(
        id: String, typed: Book, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> ConflictReport? {
        do {
            switch try await repository.update(id: id, with: typed.input, from: base, choices: choices, by: user) {
            case .saved: return nil
            case .conflict(let report): return report
            }
        } catch let error as BookSaveError {
            throw RevertRefusal(message: Self.message(error, typed: typed))
        }
    }

    /// Why the old values cannot be stored, in the catalogue's words.
    static func message(_ error: BookSaveError, typed: Book) -> String {
        switch error {
        case .isbnUsed(_, let title): "Another book, “\(title)”, has that ISBN now, so it cannot be put back."
        case .unknownGenre:
            "The genre “\(typed.genre?.name ?? "")” no longer exists, so it cannot be put back."
        case .unknownEntries(let kind):
            "Some of the \(kind == .author ? "authors" : "publishers") it had no longer exist, so they cannot be put back."
        case .bookNotFound: "This book was deleted meanwhile."
        case .broken(_, let message): "\(message), so it cannot be put back."
        }
    }
}
