import Foundation
import XCTest

@testable import Parsnip

/// What a viewer (an account that may read but not change) sees on the recipe pages: no add, edit or delete
/// controls. Rendered straight from the view models with a viewer's chrome, since router tests cannot sign in.
final class RecipeViewerTests: XCTestCase {
    private func chrome(_ title: String, canEdit: Bool) -> PageChrome {
        var page = PageChrome(title: title, inRecipes: true)
        page.canEdit = canEdit
        return page
    }

    private func stored() -> RecipeInOrder {
        var recipe = everyFieldRecipe
        recipe.id = "AbCdE12345"
        recipe.updatedAt = Date(timeIntervalSince1970: 1_714_558_830)
        recipe.lastChangedBy = "Ana"
        return RecipeInOrder(recipe: recipe, previousId: nil, nextId: nil, position: 1, total: 1)
    }

    func testTheRecipePageShowsEditAndDeleteOnlyToThoseWhoMayEdit() async throws {
        let pages = try await Pages(directory: packageRoot.appendingPathComponent("Templates").path)
        let now = Date(timeIntervalSince1970: 1_714_558_830 + 60)
        for canEdit in [true, false] {
            let page = RecipeShowPage(found: stored(), page: chrome("Crème", canEdit: canEdit), now: now)
            let html = String(buffer: pages.renderBody(page, template: "recipes/show"))
            XCTAssertEqual(html.contains(#"href="/recipes/AbCdE12345/edit""#), canEdit, "canEdit \(canEdit)")
            XCTAssertEqual(html.contains(#"href="/recipes/AbCdE12345/delete""#), canEdit, "canEdit \(canEdit)")
            XCTAssertTrue(
                html.contains(#"<p class="changed-by">Last changed by Ana, "#), "everyone sees who changed it")
            XCTAssertTrue(html.contains("Crème brûlée"), "the recipe itself is shown to everyone")
        }
    }

    func testTheListOffersAddingOnlyToThoseWhoMayEdit() async throws {
        let pages = try await Pages(directory: packageRoot.appendingPathComponent("Templates").path)
        let query = try RecipeListQuery(FormFields())
        for (recipes, total) in [([everyFieldRecipe], 1), ([], 0)] {
            for canEdit in [true, false] {
                let result = RecipeListPage(recipes: recipes, total: total, totalWithoutFilters: total)
                let page = RecipeIndexPage(
                    result: result, query: query, pageSize: 50, page: chrome("Recipes", canEdit: canEdit),
                    rows: RenderedPieces(pages: pages, template: "partials/recipe-row"))
                let html = String(buffer: pages.renderBody(page, template: "recipes/index"))
                XCTAssertEqual(html.contains(#"href="/recipes/new""#), canEdit, "\(total) recipes, canEdit \(canEdit)")
                if total == 0 { XCTAssertTrue(html.contains("No recipes yet")) }
            }
        }
    }
}
