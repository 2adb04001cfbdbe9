import Foundation
import HummingbirdTesting
import XCTest

@testable import ParseStore
@testable import Parsnip

// MARK: Saving books from tests

extension StoreBookRepository {
    /// Creates a book as someone who has not signed in.
    func create(_ input: BookInput) async throws -> Book {
        try await create(input, by: nil)
    }

    /// Saves `input` over book `id` as an edit form loaded just now would (nothing to merge), without signing in.
    /// Throws `BookSaveError.bookNotFound` when the book is gone.
    func update(id: String, with input: BookInput) async throws -> Book {
        guard let book = try await find(id: id) else { throw BookSaveError.bookNotFound }
        let outcome = try await update(id: id, with: input, from: EditBase(book: book), choices: [:], by: nil)
        guard case .saved(let saved, _) = outcome else { throw UnexpectedConflict() }
        return saved
    }
}

extension StoreBookRepository {
    /// Adds a genre, author or publisher as someone who has not signed in.
    func createEntry(_ kind: CatalogueKind, name: String) async throws -> CatalogueEntry {
        try await createEntry(kind, name: name, by: nil)
    }

    /// Renames a genre, author or publisher as someone who has not signed in.
    func renameEntry(_ kind: CatalogueKind, id: String, to name: String) async throws -> CatalogueEntry {
        try await renameEntry(kind, id: id, to: name, by: nil)
    }
}

/// A save from a fresh base came back as a conflict.
struct UnexpectedConflict: Error {}

/// A `_User` named `username` in `store`, as the person a save is made by.
func addPerson(_ username: String, role: Role = .editor, to store: ParseStore) async throws -> SignedInUser {
    let object = try await store.write { writer in try writer.create("_User", ["username": .string(username)]) }
    return SignedInUser(objectId: object.objectId, username: username, role: role)
}

/// Every table's definition and every row, as text: equal dumps mean the same stored content (`storedContent`).
func databaseDump(_ store: ParseStore) async throws -> [String] {
    try await storedContent(store)
}

// MARK: Edit forms through the pages

extension Browser {
    /// The `_version` and `_base` fields of book `id`'s edit form, read from the page as a browser gets it.
    func bookEditBase(_ id: String) async throws -> [(String, String)] {
        try await loadedVersion(of: "/books/\(id)/edit")
    }

    /// The catalogue of `addCatalogue()` and a book (the `bookForm` one) by its first author.
    func addCatalogueBook() async throws -> (
        id: String, catalogue: (genre: String, authors: [String], publisher: String)
    ) {
        let catalogue = try await addCatalogue()
        let id = try await addBook(bookForm(genre: catalogue.genre, authors: [catalogue.authors[0]]))
        return (id, catalogue)
    }

    /// Saves book `id`'s edit form as loaded now: `form` and the page's `_version` and `_base`.
    @discardableResult
    func saveBook(_ id: String, _ form: [(String, String)]) async throws -> TestResponse {
        let base = try await bookEditBase(id)
        return try await post("/books/\(id)/edit", form: form + base)
    }
}

/// The value of the hidden input named `name` in `html`, unescaped; a test failure when there is none.
func hiddenValue(_ name: String, in html: String) throws -> String {
    try XCTUnwrap(hiddenValue(named: name, in: html), "no hidden \(name)")
}
