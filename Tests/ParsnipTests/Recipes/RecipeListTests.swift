import Foundation
import HummingbirdTesting
import XCTest

@testable import Parsnip

/// The recipe list: empty states, the table, filters, sort, paging and a cache that never shows old data.
final class RecipeListTests: XCTestCase {
    func testEmptyListInvitesTheFirstRecipe() async throws {
        try await withApp { browser in
            let response = try await browser.get("/recipes")
            XCTAssertEqual(response.status, .ok)
            let html = response.text
            XCTAssertTrue(html.contains("<title>Recipes · Parsnip</title>"))
            XCTAssertTrue(html.contains("<h1>Recipes</h1>"))
            XCTAssertFalse(html.contains(#"href="/recipes/new">Add recipe</a>"#), "one action on an empty list")
            XCTAssertFalse(html.contains(#"aria-label="Filter recipes""#), "no filters over nothing")
            XCTAssertTrue(html.contains("No recipes yet"))
            XCTAssertTrue(html.contains(#"<a class="button" href="/recipes/new">Add your first recipe</a>"#))
            XCTAssertTrue(html.contains(#"<a href="/recipes" aria-current="page">Recipes</a>"#))
            XCTAssertFalse(html.contains("<table"))
            XCTAssertFalse(html.contains("Clear filters"))
        }
    }

    func testFilterFormHasItsLabelsNamesAndOptions() async throws {
        try await withApp { browser in
            _ = try await browser.addRecipe()
            let html = try await browser.get("/recipes").text
            XCTAssertTrue(html.contains(#"<form class="filters" method="get" action="/recipes" role="search""#))
            XCTAssertTrue(html.contains(#"<label for="q">Search recipes</label>"#))
            XCTAssertTrue(
                html.contains(#"<input type="search" id="q" name="q" value="" placeholder="Search recipes">"#))
            XCTAssertTrue(html.contains(#"<label for="category">Category</label>"#))
            XCTAssertTrue(html.contains(#"<option value="" selected>All categories</option>"#))
            XCTAssertTrue(html.contains(#"<option value="1">Lunch</option>"#))
            XCTAssertTrue(html.contains(#"<label for="available">Availability</label>"#))
            XCTAssertTrue(html.contains(#"<option value="" selected>Any</option>"#))
            XCTAssertTrue(html.contains(#"<option value="yes">Available</option>"#))
            XCTAssertTrue(html.contains(#"<option value="no">Not available</option>"#))
            XCTAssertTrue(html.contains(#"<label for="sort">Sort by</label>"#))
            XCTAssertTrue(html.contains(#"<option value="name" selected>Name (A–Z)</option>"#))
            XCTAssertTrue(html.contains(#"<option value="date">Release date (newest first)</option>"#))
            XCTAssertTrue(html.contains(">Show recipes</button>"))
        }
    }

    func testTheFilterButtonCountsTheCategoryAndAvailabilityFilters() async throws {
        try await withApp { browser in
            try await browser.addRecipe()
            for (query, words) in [
                ("", "Filter"), ("?q=pan&sort=date", "Filter"), ("?category=1", "Filter (1)"),
                ("?available=no", "Filter (1)"), ("?category=0&available=yes&q=pan", "Filter (2)"),
            ] {
                let html = try await browser.get("/recipes" + query).text
                XCTAssertTrue(
                    html.contains(#"<summary class="button button-secondary filter-toggle">\#(words)</summary>"#), query
                )
            }
        }
    }

    func testTableShowsEveryColumnWithDashesForMissingValues() async throws {
        try await withApp { browser in
            let full = try await browser.addRecipe()
            let bare = try await browser.addRecipe(
                recipeForm(
                    [("name", "Toast"), ("servings", ""), ("price", ""), ("releaseDate", ""), ("category", "1")],
                    removing: ["isAvailable"]))
            let html = try await browser.get("/recipes").text
            XCTAssertTrue(html.contains(#"<p class="count">2 recipes</p>"#))
            XCTAssertTrue(
                html.contains(
                    """
                    <th scope="row" class="recipe-name"><a href="/recipes/\(full)?sort=name">Pancakes</a><span class="row-summary">Breakfast · Serves 4 · 3.99</span></th>
                    <td data-label="Category">Breakfast</td>
                    <td data-label="Servings" class="number">4</td>
                    <td data-label="Price" class="number">3.99</td>
                    <td data-label="Available">Yes</td>
                    <td data-label="Release date"><time datetime="2024-05-03">3 May 2024</time></td>
                    """))
            XCTAssertTrue(
                html.contains(
                    """
                    <th scope="row" class="recipe-name"><a href="/recipes/\(bare)?sort=name">Toast</a><span class="row-summary">Lunch</span></th>
                    <td data-label="Category">Lunch</td>
                    <td data-label="Servings" class="number">—</td>
                    <td data-label="Price" class="number">—</td>
                    <td data-label="Available">No</td>
                    <td data-label="Release date">—</td>
                    """))
            for column in ["Name", "Category", "Servings", "Price", "Available", "Release date"] {
                XCTAssertTrue(html.contains(">\(column)</th>"), column)
            }
        }
    }

    func testOneRecipeIsCountedInTheSingular() async throws {
        try await withApp { browser in
            try await browser.addRecipe()
            let html = try await browser.get("/recipes").text
            XCTAssertTrue(html.contains(#"<p class="count">1 recipe</p>"#))
        }
    }

    func testSortsByNameIgnoringCaseAndByReleaseDateNewestFirst() async throws {
        try await withApp { browser in
            let banana = try await browser.addRecipe(
                recipeForm([("name", "banana bread"), ("releaseDate", "2024-01-01")]))
            let apple = try await browser.addRecipe(recipeForm([("name", "Apple pie"), ("releaseDate", "2024-06-01")]))
            let carrot = try await browser.addRecipe(recipeForm([("name", "Carrot cake"), ("releaseDate", "")]))
            let byName = try await browser.get("/recipes")
            XCTAssertEqual(browser.recipeIds(in: byName), [apple, banana, carrot])
            let byDate = try await browser.get("/recipes?sort=date")
            XCTAssertEqual(browser.recipeIds(in: byDate), [apple, banana, carrot])
            XCTAssertTrue(byDate.text.contains(#"<option value="date" selected>"#))
            let byDateWithNewer = try await browser.addRecipe(
                recipeForm([("name", "Date loaf"), ("releaseDate", "2025-01-01")]))
            let again = try await browser.get("/recipes?sort=date")
            XCTAssertEqual(browser.recipeIds(in: again), [byDateWithNewer, apple, banana, carrot])
        }
    }

    func testFiltersByCategoryAvailabilityAndSearchAndCountsTheMatches() async throws {
        try await withApp { browser in
            let soup = try await browser.addRecipe(recipeForm([("name", "Tomato soup"), ("category", "1")]))
            let salad = try await browser.addRecipe(
                recipeForm([("name", "Tomato salad"), ("category", "1")], removing: ["isAvailable"]))
            let curry = try await browser.addRecipe(recipeForm([("name", "Curry"), ("category", "2")]))

            let lunch = try await browser.get("/recipes?category=1")
            XCTAssertEqual(Set(browser.recipeIds(in: lunch)), [soup, salad])
            XCTAssertTrue(lunch.text.contains(#"<p class="count">2 of 3 recipes match</p>"#))
            XCTAssertTrue(lunch.text.contains(#"<option value="1" selected>Lunch</option>"#))
            XCTAssertTrue(lunch.text.contains(#"<p class="clear-search"><a href="/recipes">Clear filters</a></p>"#))

            let available = try await browser.get("/recipes?available=yes")
            XCTAssertEqual(Set(browser.recipeIds(in: available)), [soup, curry])
            let unavailable = try await browser.get("/recipes?available=no&category=&q=")
            XCTAssertEqual(browser.recipeIds(in: unavailable), [salad])
            XCTAssertTrue(unavailable.text.contains(#"<p class="count">1 of 3 recipes matches</p>"#))
            XCTAssertTrue(unavailable.text.contains(#"<option value="no" selected>Not available</option>"#))

            let search = try await browser.get("/recipes?q=TOMATO&available=yes")
            XCTAssertEqual(browser.recipeIds(in: search), [soup])
            XCTAssertTrue(search.text.contains(#"name="q" value="TOMATO""#))

            let none = try await browser.get("/recipes?q=lasagne&sort=date")
            XCTAssertTrue(none.text.contains("No recipes match these filters"))
            XCTAssertFalse(none.text.contains("No recipes yet"))
            XCTAssertFalse(none.text.contains("<table"))
            XCTAssertTrue(none.text.contains(#"<a href="/recipes?sort=date">Clear filters</a>"#), "keeps the order")

            let sorted = try await browser.get("/recipes?sort=date")
            XCTAssertFalse(sorted.text.contains("Clear filters"), "the sort order is not a filter")
        }
    }

    func testPagesOfFiftyWithPreviousAndNextLinksKeepingTheFilters() async throws {
        try await withApp(pageSize: 2) { browser in
            let ids = try await browser.addRecipes(["A1", "A2", "A3", "A4", "A5"])
            let first = try await browser.get("/recipes?category=0")
            XCTAssertEqual(browser.recipeIds(in: first), Array(ids[0..<2]))
            XCTAssertTrue(first.text.contains("Page 1 of 3"))
            XCTAssertTrue(first.text.contains(#"rel="next" href="/recipes?category=0&amp;page=2">Next page</a>"#))
            XCTAssertFalse(first.text.contains("Previous page"))

            let second = try await browser.get("/recipes?category=0&page=2")
            XCTAssertEqual(browser.recipeIds(in: second), Array(ids[2..<4]))
            XCTAssertTrue(second.text.contains("Page 2 of 3"))
            XCTAssertTrue(second.text.contains(#"rel="prev" href="/recipes?category=0">Previous page</a>"#))
            XCTAssertTrue(second.text.contains(#"rel="next" href="/recipes?category=0&amp;page=3">Next page</a>"#))
            XCTAssertTrue(second.text.contains(#"<p class="count">5 of 5 recipes match</p>"#))

            let last = try await browser.get("/recipes?category=0&page=3")
            XCTAssertEqual(browser.recipeIds(in: last), [ids[4]])
            XCTAssertFalse(last.text.contains("Next page"))

            let beyond = try await browser.get("/recipes?page=9")
            XCTAssertEqual(beyond.status, .ok)
            XCTAssertTrue(beyond.text.contains("There are no more recipes on this page."))
            XCTAssertTrue(beyond.text.contains(#"<a class="button" href="/recipes">Go to the first page</a>"#))
        }
    }

    func testTheDefaultPageSizeIsFifty() async throws {
        try await withApp { browser in
            try await browser.addRecipes((1...51).map { String(format: "Recipe %02d", $0) })
            let first = try await browser.get("/recipes")
            XCTAssertEqual(browser.recipeIds(in: first).count, 50)
            XCTAssertTrue(first.text.contains("Page 1 of 2"))
            let second = try await browser.get("/recipes?page=2")
            XCTAssertEqual(browser.recipeIds(in: second).count, 1)
            XCTAssertTrue(second.text.contains("Recipe 51"))
        }
    }

    func testValuesTheFilterFormCannotSendAreBadRequests() async throws {
        try await withApp { browser in
            for query in [
                "category=3", "category=lunch", "available=maybe", "sort=price", "page=0", "page=-1", "page=x",
                "page=99999999", "q=%ZZ",
            ] {
                let response = try await browser.get("/recipes?\(query)")
                XCTAssertEqual(response.status, .badRequest, query)
                XCTAssertTrue(response.text.contains("<h1>Something was wrong with that request</h1>"), query)
            }
        }
    }

    func testTheListNeverShowsAPageOlderThanTheLastWrite() async throws {
        try await withApp { browser in
            let id = try await browser.addRecipe()
            _ = try await browser.get("/recipes")
            _ = try await browser.get("/recipes")  // served from the cache
            try await browser.updateRecipe(id, recipeForm([("name", "Renamed")]))
            _ = try await browser.get("/recipes/\(id)")  // takes the flash
            let afterUpdate = try await browser.get("/recipes")
            XCTAssertTrue(afterUpdate.text.contains(">Renamed</a>"))
            XCTAssertFalse(afterUpdate.text.contains(">Pancakes</a>"))
            try await browser.post("/recipes/\(id)/delete", form: [])
            let afterDelete = try await browser.get("/recipes")
            XCTAssertTrue(afterDelete.text.contains("Deleted “Renamed”"))
            let clean = try await browser.get("/recipes")
            XCTAssertTrue(clean.text.contains("No recipes yet"))
            XCTAssertFalse(clean.text.contains("Deleted “Renamed”"), "a page with a message is never cached")
        }
    }
}
