import Foundation
import Hummingbird
import PageTemplates
import XCTest

@testable import Parsnip

/// The small pieces behind the recipe pages: token splicing, the page cache, the list's query and words, and the
/// row types' own template lookups.
final class RecipeViewTests: XCTestCase {
    func testSplicedPageJoinsItsPartsWithEachVisitorsToken() {
        let marker = TokenSplicedPage.marker
        let page = TokenSplicedPage(rendered: ByteBuffer(string: "<a>\(marker)</a><b>\(marker)</b>"))
        XCTAssertEqual(page.parts.count, 3)
        XCTAssertEqual(String(buffer: page.body(token: "one")), "<a>one</a><b>one</b>")
        XCTAssertEqual(String(buffer: page.body(token: "two")), "<a>two</a><b>two</b>")
        let plain = TokenSplicedPage(rendered: ByteBuffer(string: "no form here"))
        XCTAssertEqual(String(buffer: plain.body(token: "x")), "no form here")
        let edges = TokenSplicedPage(rendered: ByteBuffer(string: "\(marker)middle\(marker)"))
        XCTAssertEqual(String(buffer: edges.body(token: "T")), "TmiddleT")
    }

    func testTheMarkerSurvivesHTMLEscapingAndIsDifferentInEachProcess() {
        let marker = TokenSplicedPage.marker
        XCTAssertEqual(HTMLEscaping.escaped(marker), marker)
        XCTAssertGreaterThan(marker.count, 40, "random, so no typed text can be mistaken for it")
    }

    func testPageCacheServesOnlyItsRevisionAndMakesRoomWhenFull() {
        let cache = PageCache<String>(capacity: 2)
        cache.store("a1", for: "a", revision: 1)
        XCTAssertEqual(cache.page(for: "a", revision: 1), "a1")
        XCTAssertNil(cache.page(for: "a", revision: 2), "never a page older than the last write")
        cache.store("b1", for: "b", revision: 1)
        cache.store("c1", for: "c", revision: 1)
        XCTAssertEqual(cache.page(for: "c", revision: 1), "c1")
        XCTAssertEqual(cache.usage.pages, 2, "one of the older pages made room")
        let survivors = [cache.page(for: "a", revision: 1), cache.page(for: "b", revision: 1)].compactMap { $0 }
        XCTAssertEqual(survivors.count, 1)
        cache.store("a2", for: "a", revision: 2)
        cache.store("a1 again", for: "a", revision: 1)
        XCTAssertEqual(cache.page(for: "a", revision: 2), "a2", "a slow request of an older revision stores nothing")
        XCTAssertNil(cache.page(for: "c", revision: 2))
    }

    func testPageCacheNeverHoldsMoreBytesThanItsBudget() {
        let cache = PageCache<String>(capacity: 100, byteBudget: 10)
        for key in ["a", "b", "c", "d", "e", "f"] {
            cache.store(String(repeating: key, count: 4), for: key, revision: 1)
            XCTAssertLessThanOrEqual(cache.usage.bytes, 10)
        }
        XCTAssertEqual(cache.usage.pages, 2)
        XCTAssertEqual(cache.page(for: "f", revision: 1), "ffff", "the newest page is always kept")
        cache.store("ffffff", for: "f", revision: 1)
        XCTAssertEqual(cache.usage.pages, 2)
        XCTAssertEqual(cache.usage.bytes, 10, "a replaced page's bytes are counted once: 6 + the other page's 4")
        cache.store(String(repeating: "x", count: 11), for: "x", revision: 1)
        XCTAssertNil(cache.page(for: "x", revision: 1), "a page larger than the whole budget is not kept")
    }

    func testListQueryReadsTheFilterFormAndBuildsURLsThatKeepIt() throws {
        let query = try RecipeListQuery(
            FormFields(query: "q=+Tomato%20soup+&category=1&available=no&sort=date&page=3"))
        XCTAssertEqual(query.typed, " Tomato soup ")
        XCTAssertEqual(query.search, "Tomato soup")
        XCTAssertEqual(query.category, .lunch)
        XCTAssertEqual(query.isAvailable, false)
        XCTAssertEqual(query.sort, .releaseDate)
        XCTAssertEqual(query.page, 3)
        XCTAssertTrue(query.isFiltering)
        XCTAssertEqual(query.url(page: 4), "/recipes?q=Tomato%20soup&category=1&available=no&sort=date&page=4")
        XCTAssertEqual(query.url(page: 1), "/recipes?q=Tomato%20soup&category=1&available=no&sort=date")
        XCTAssertEqual(query.clearFiltersURL, "/recipes?sort=date")
        XCTAssertEqual(
            query.request(size: 50),
            RecipeListRequest(
                category: .lunch, isAvailable: false, search: "Tomato soup", sort: .releaseDate, page: 3, size: 50))

        let plain = try RecipeListQuery(FormFields(query: "q=&category=&available=&sort=&page="))
        XCTAssertEqual(plain, RecipeListQuery())
        XCTAssertFalse(plain.isFiltering)
        XCTAssertEqual(plain.url(page: 1), "/recipes")
        XCTAssertEqual(plain.clearFiltersURL, "/recipes")
    }

    func testCountLineUsesSingularPluralThousandsAndMatches() throws {
        try loadRecipeCatalogues()
        XCTAssertEqual(RecipeFormatting.countLine(matching: 1, all: 1, filtered: false), "1 recipe")
        XCTAssertEqual(RecipeFormatting.countLine(matching: 1_000, all: 1_000, filtered: false), "1,000 recipes")
        XCTAssertEqual(RecipeFormatting.countLine(matching: 3, all: 12, filtered: true), "3 of 12 recipes match")
        XCTAssertEqual(RecipeFormatting.countLine(matching: 1, all: 12, filtered: true), "1 of 12 recipes matches")
        XCTAssertEqual(RecipeFormatting.countLine(matching: 1, all: 1, filtered: true), "1 of 1 recipe matches")
    }

    /// The row types answer template names themselves (for speed); they must answer exactly their stored
    /// properties, as Mirror would.
    func testRowTypesAnswerEveryStoredPropertyByName() throws {
        var soup = Recipe(
            id: "AbCdE12345", name: "Soup", servings: 2, price: Price(cents: 399), isAvailable: true,
            category: .lunch, releaseDate: CalendarDate(year: 2024, month: 5, day: 3))
        soup.photo = "0123456789abcdef0123456789abcdef_soup.jpg"
        let tableRow = RecipeFormatting.row(soup)
        let bareRow = RecipeFormatting.row(Recipe(id: "AbCdE12345", name: "Toast"))
        let messages = [
            "ingredient-1-quantity": "q", "ingredient-1-description": "d", "side-1": "s", "nutrition-1-name": "n",
            "nutrition-1-value": "v",
        ]
        let option = SelectOption(value: "1", title: "Lunch", selected: true)
        let ingredients = [
            IngredientRowView(
                index: 1, row: .init(quantity: "1", description: "egg"), messages: messages,
                focus: RowFocus(input: true)),
            IngredientRowView(index: 0, row: .init(), messages: [:], focus: nil),
        ]
        let sides = [
            TextRowView(index: 1, text: "Salad", field: .sideOption(1), messages: messages, focus: RowFocus(up: true)),
            TextRowView(index: 0, text: "", field: .sideOption(0), messages: [:], focus: nil),
        ]
        let nutrition = [
            NutritionRowView(
                index: 1, row: .init(name: "Fat", value: "2 g"), messages: messages, focus: RowFocus(down: true)),
            NutritionRowView(index: 0, row: .init(), messages: [:], focus: nil),
        ]
        let rows: [any TemplateParent] = [tableRow, bareRow, option] + ingredients + sides + nutrition
        for row in rows {
            assertAnswersLikeReflection(row)
        }
    }

    func testFocusAfterARowActionLandsWhereThePersonWas() {
        let draft = RecipeDraft(
            ingredients: [.init(quantity: "1", description: "a"), .init(quantity: "2", description: "b")])
        XCTAssertEqual(
            EditorFocus.after(.add(.ingredient), in: draft),
            EditorFocus(section: .ingredient, row: 1, control: RowFocus(input: true)))
        XCTAssertEqual(
            EditorFocus.after(.remove(.ingredient, 5), in: draft),
            EditorFocus(section: .ingredient, row: 1, control: RowFocus(input: true)))
        XCTAssertEqual(
            EditorFocus.after(.remove(.side, 0), in: RecipeDraft()),
            EditorFocus(section: .side, row: 0, control: RowFocus(input: true)), "the blank row that takes its place")
        XCTAssertEqual(
            EditorFocus.after(.moveUp(.ingredient, 1), in: draft),
            EditorFocus(section: .ingredient, row: 0, control: RowFocus(up: true)))
        XCTAssertEqual(
            EditorFocus.after(.moveDown(.ingredient, 0), in: draft),
            EditorFocus(section: .ingredient, row: 1, control: RowFocus(down: true)))
        XCTAssertNil(EditorFocus.after(.moveDown(.ingredient, 7), in: draft))
    }
}

/// Test pages: a string's size is its UTF-8 bytes.
extension String: CacheablePage {
    public var byteCount: Int { utf8.count }
}
