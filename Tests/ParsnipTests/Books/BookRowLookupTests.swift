import XCTest

@testable import Parsnip

/// The book and catalogue rows answer template names themselves (for speed): exactly their stored properties.
final class BookRowLookupTests: XCTestCase {
    func testEveryBookAndCatalogueRowAnswersItsStoredPropertiesByName() {
        assertAnswersLikeReflection(
            BookTableRow(
                title: "Dune", url: "/books/AbCdE12345", year: "1965", genre: "Science fiction",
                isbn: "978-0-441-17271-9",
                authors: "Frank Herbert", summary: "Frank Herbert · 1965 · Science fiction"))
        assertAnswersLikeReflection(
            CheckboxOption(id: "author-1", name: "authors", value: "AbCdE12345", title: "Frank Herbert", checked: true))
        assertAnswersLikeReflection(EntryLinkView(name: "Frank Herbert", url: "/authors/AbCdE12345"))
        assertAnswersLikeReflection(CatalogueRow(name: "Poetry", url: "/genres/AbCdE12345", countText: "3 books"))
        assertAnswersLikeReflection(CatalogueBookRow(title: "Dune", url: "/books/AbCdE12345", year: "1965"))
    }
}
