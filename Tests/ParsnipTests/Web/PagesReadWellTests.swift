import Foundation
import XCTest

@testable import Parsnip

/// Small wordings that make the pages read well: a viewer's home page does not invite changes it cannot make, and
/// the page for a missing address names all three apps.
final class PagesReadWellTests: XCTestCase {
    func testAViewersHomePageDescribesTheAppsWithoutInvitingChanges() async throws {
        try await withApp(settings: signInSettings()) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            try await owner.addPerson("Vi", "password two", role: .viewer)
            let viewer = owner.another()
            try await viewer.signIn("Vi", "password two")
            let home = try await viewer.get("/").text
            XCTAssertTrue(home.contains("What needs doing in the household."), home)
            for invitation in ["Jot down", "Keep your recipes", "Catalogue your books", "Add to-do"] {
                XCTAssertFalse(home.contains(invitation), invitation)
            }
            let ownerHome = try await owner.get("/").text
            XCTAssertTrue(ownerHome.contains("Jot down what needs doing"))
        }
    }

    func testTheMissingPageNamesToDosRecipesAndBooks() async throws {
        try await withApp { browser in
            let missing = try await browser.get("/books/AbCdEfGhIj")
            XCTAssertEqual(missing.status, .notFound)
            XCTAssertTrue(missing.text.contains("a to-do, a recipe or a book, it may have been deleted"), missing.text)
        }
    }

    func testTheRecipePageLeadsBackToAllRecipes() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<a href="/recipes"><span aria-hidden="true">← </span>All recipes</a>"#), page)
        }
    }

    func testAnEmptyListShowsItsOneActionAndNoSearchOrFiltersUntilItHasSomething() async throws {
        try await withApp { browser in
            for (path, action, tools) in [
                ("/todos", "Add your first to-do", #"role="search""#),
                ("/recipes", "Add your first recipe", #"aria-label="Filter recipes""#),
                ("/books", "Add your first book", #"aria-label="Filter books""#),
            ] {
                let empty = try await browser.get(path).text
                XCTAssertTrue(empty.contains(action), "\(path): \(empty)")
                XCTAssertFalse(empty.contains(tools), "\(path) offers no search over nothing")
            }
            try await browser.addTodo("Buy oat milk")
            let list = try await browser.get("/todos").text
            XCTAssertTrue(list.contains(#"role="search""#), "the search comes with the first to-do")
            XCTAssertTrue(list.contains(#"<a class="button" href="/todos/new">Add to-do</a>"#))
            let nothingFound = try await browser.get("/todos?q=zebra").text
            XCTAssertTrue(nothingFound.contains(#"role="search""#), "a search that finds nothing keeps its box")
        }
    }
}
