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

    /// A loan's start and end in words: "Lent to Bea", "Returned by Bea" — the book's loans read down its History.
    func changeWords(before: Book, after: Book, in language: Language) -> String? {
        switch (before.lentTo, after.lentTo) {
        case (let name?, nil): language.text("books.history.returnedBy", ["name": name])
        case (nil, let name?): language.text("books.history.lentTo", ["name": name])
        case (let old?, let new?) where old != new: language.text("books.history.lentTo", ["name": new])
        default: nil
        }
    }

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
            throw RevertRefusal(message: Self.message(error, typed: typed).text(in: PageLanguage.current))
        }
    }

    /// Why the old values cannot be stored, in the catalogue's words.
    static func message(_ error: BookSaveError, typed: Book) -> Words {
        switch error {
        case .isbnUsed(_, let title): Words("books.history.isbnUsed", ["title": title])
        case .unknownGenre: Words("books.history.genreGone", ["name": typed.genre?.name ?? ""])
        case .unknownEntries(.author): Words("books.history.authorsGone")
        case .unknownEntries(.publisher): Words("books.history.publishersGone")
        case .unknownEntries(.genre): Words("books.history.genreGone", ["name": typed.genre?.name ?? ""])
        case .bookNotFound: Words("books.history.deleted")
        case .broken(_, let message): Words("books.history.refused", nested: ["reason": message])
        }
    }
}
