import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// Previous and Next follow the list the person came from: its filters and its sort travel in the links from the
/// list to a recipe, to its editor and back; a recipe's plain address steps in the order recipes were added.
final class RecipeStepsFollowTheListTests: XCTestCase {
    /// Cabbage soup (Lunch), Apple pie (Dinner), Beetroot salad (Lunch): added in that order, so the order added and
    /// the order by name differ.
    private static func kitchen(_ browser: Browser) async throws -> (cabbage: String, apple: String, beet: String) {
        let cabbage = try await browser.addRecipe(recipeForm([("name", "Cabbage soup"), ("category", "1")]))
        let apple = try await browser.addRecipe(recipeForm([("name", "Apple pie"), ("category", "2")]))
        let beet = try await browser.addRecipe(recipeForm([("name", "Beetroot salad"), ("category", "1")]))
        return (cabbage, apple, beet)
    }

    private static func link(_ rel: String, in page: String) -> String? {
        guard let range = page.range(of: #"rel="\#(rel)" href=""#) else { return nil }
        let rest = page[range.upperBound...]
        return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]).replacingOccurrences(
            of: "&amp;", with: "&")
    }

    func testTheListsLinksCarryItsSortAndARecipePageStepsInThatOrder() async throws {
        try await withApp { browser in
            let ids = try await Self.kitchen(browser)
            let list = try await browser.get("/recipes").text
            XCTAssertTrue(list.contains(#"<a href="/recipes/\#(ids.apple)?sort=name">Apple pie</a>"#), list)

            let apple = try await browser.get("/recipes/\(ids.apple)?sort=name").text
            XCTAssertTrue(apple.contains("Recipe 1 of 3"))
            XCTAssertNil(Self.link("prev", in: apple))
            XCTAssertEqual(Self.link("next", in: apple), "/recipes/\(ids.beet)?sort=name")
            let beet = try await browser.get("/recipes/\(ids.beet)?sort=name").text
            XCTAssertTrue(beet.contains("Recipe 2 of 3"))
            XCTAssertEqual(Self.link("prev", in: beet), "/recipes/\(ids.apple)?sort=name")
            XCTAssertEqual(Self.link("next", in: beet), "/recipes/\(ids.cabbage)?sort=name")

            // The plain address steps in the order recipes were added, as before.
            let plain = try await browser.get("/recipes/\(ids.cabbage)").text
            XCTAssertTrue(plain.contains("Recipe 1 of 3"))
            XCTAssertEqual(Self.link("next", in: plain), "/recipes/\(ids.apple)")
        }
    }

    func testAFilteredListStepsOnlyThroughItsMatchesAndTheBackLinkReturnsToIt() async throws {
        try await withApp { browser in
            let ids = try await Self.kitchen(browser)
            let list = try await browser.get("/recipes?category=1").text
            XCTAssertTrue(list.contains(#"href="/recipes/\#(ids.beet)?sort=name&amp;category=1""#), list)
            let beet = try await browser.get("/recipes/\(ids.beet)?sort=name&category=1").text
            XCTAssertTrue(beet.contains("Recipe 1 of 2 that match"))
            XCTAssertNil(Self.link("prev", in: beet))
            XCTAssertEqual(Self.link("next", in: beet), "/recipes/\(ids.cabbage)?sort=name&category=1")
            XCTAssertTrue(
                beet.contains(#"<a href="/recipes?category=1"><span aria-hidden="true">← </span>Back to the list</a>"#))
            XCTAssertTrue(
                beet.contains(#"<input type="hidden" name="category" value="1">"#), "the servings box keeps it")
            XCTAssertTrue(beet.contains(#"href="/recipes/\#(ids.beet)/edit?sort=name&amp;category=1""#))
        }
    }

    func testTheBackLinkOpensTheListPageThatHoldsTheRecipe() async throws {
        try await withApp(pageSize: 2) { browser in
            let ids = try await Self.kitchen(browser)
            let cabbage = try await browser.get("/recipes/\(ids.cabbage)?sort=name").text
            XCTAssertTrue(cabbage.contains("Recipe 3 of 3"))
            XCTAssertTrue(
                cabbage.contains(#"<a href="/recipes?page=2"><span aria-hidden="true">← </span>All recipes</a>"#))
            let dated = try await browser.get("/recipes/\(ids.apple)?sort=date").text
            XCTAssertTrue(dated.contains(#"<a href="/recipes?sort=date"><span"#), dated)
        }
    }

    func testTheEditorKeepsTheListAndSavingReturnsToTheRecipeInIt() async throws {
        try await withApp { browser in
            let ids = try await Self.kitchen(browser)
            let editor = try await browser.get("/recipes/\(ids.beet)/edit?sort=name&category=1").text
            XCTAssertTrue(editor.contains(#"<input type="hidden" name="list" value="sort=name&amp;category=1">"#))
            XCTAssertTrue(editor.contains(#"value="/recipes/\#(ids.cabbage)/edit?sort=name&amp;category=1""#))
            XCTAssertTrue(
                editor.contains(
                    #"<a class="button button-secondary" href="/recipes/\#(ids.beet)?sort=name&amp;category=1">Cancel</a>"#
                ))
            let base = try await browser.recipeEditBase(ids.beet)
            let saved = try await browser.post(
                "/recipes/\(ids.beet)",
                form: base
                    + recipeForm([("name", "Beetroot salad"), ("category", "1"), ("list", "sort=name&category=1")]))
            XCTAssertEqual(saved.status, .seeOther)
            XCTAssertEqual(saved.headers[.location], "/recipes/\(ids.beet)?sort=name&category=1")

            // A problem shows the editor again, still stepping through the list.
            let refused = try await browser.post(
                "/recipes/\(ids.beet)",
                form: base + recipeForm([("name", ""), ("category", "1"), ("list", "sort=name&category=1")]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertTrue(refused.text.contains("Recipe 1 of 2 that match"))
        }
    }

    func testARecipeTheListNoLongerHoldsStepsInTheOrderAdded() async throws {
        try await withApp { browser in
            let ids = try await Self.kitchen(browser)
            // Apple pie is a Dinner: the Lunch list does not hold it.
            let apple = try await browser.get("/recipes/\(ids.apple)?sort=name&category=1").text
            XCTAssertTrue(apple.contains("Recipe 2 of 3"))
            XCTAssertEqual(Self.link("next", in: apple), "/recipes/\(ids.beet)")
        }
    }

    func testAListTheFormCannotSendIsABadRequest() async throws {
        try await withApp { browser in
            let ids = try await Self.kitchen(browser)
            for query in ["sort=bogus", "sort=name&category=7", "sort=name&available=maybe"] {
                let response = try await browser.get("/recipes/\(ids.apple)?\(query)")
                XCTAssertEqual(response.status, .badRequest, query)
            }
            let base = try await browser.recipeEditBase(ids.apple)
            let forged = try await browser.post(
                "/recipes/\(ids.apple)", form: base + recipeForm([("name", "Forged"), ("list", "category=1")]))
            XCTAssertEqual(forged.status, .badRequest)
            let page = try await browser.get("/recipes/\(ids.apple)").text
            XCTAssertTrue(page.contains("<h1 class=\"recipe-title\">Apple pie</h1>"), "nothing was saved")
        }
    }
}
