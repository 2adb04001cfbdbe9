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
}
