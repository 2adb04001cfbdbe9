import Foundation
import XCTest

@testable import Parsnip

/// The recipe book in every language: each page speaks the visitor's language with no English sentence of the
/// recipes' catalogue left, prices are written the language's way in the household's currency, typed local numbers
/// ("3,50", "1,5") are read as meant and shown back as typed, and the release date is typed in three boxes.
final class RecipeLanguageTests: XCTestCase {
    override func setUp() async throws { try loadRecipeCatalogues() }

    /// A browser that chose `language` on Parsnip's own pages (the choice every request then speaks).
    private static func speaking(_ language: Language, _ browser: Browser) {
        browser.cookies[LanguageChoice.cookieName] = language.rawValue
    }

    /// Every page of the recipe book a person sees, for the recipe `id`: the list (full, filtered to nothing, and
    /// empty of recipes is another test), the recipe, scaled, the editors, the delete question and a refused form.
    private static func pages(_ browser: Browser, id: String) async throws -> [String: String] {
        var pages: [String: String] = [:]
        for path in [
            "/recipes", "/recipes?q=nothing-like-this", "/recipes/\(id)", "/recipes/\(id)?servings=8",
            "/recipes/\(id)/edit", "/recipes/new", "/recipes/\(id)/delete",
        ] {
            let response = try await browser.get(path)
            XCTAssertEqual(response.status, .ok, path)
            pages[path] = response.text
        }
        let refused = try await browser.post(
            "/recipes",
            form: recipeForm([
                ("name", ""), ("servings", "many"), ("price", "abc"), ("category", ""), ("ingredient-0-quantity", "x"),
                ("nutrition-0-name", "a.b"), ("releaseDate-day", "31"), ("releaseDate-month", "2"),
                ("releaseDate-year", "2025"),
            ]))
        XCTAssertEqual(refused.status, .unprocessableContent)
        pages["refused form"] = refused.text
        return pages
    }

    func testEveryRecipePageSpeaksTheVisitorsLanguageWithoutAnEnglishSentenceLeft() async throws {
        for language in Language.allCases where language != .en {
            try await withApp { browser in
                Self.speaking(language, browser)
                let id = try await browser.addRecipe(
                    recipeForm([("notes", "Stir well."), ("source", "Grandma"), ("step-0", "Mix.")]))
                let english = try englishRecipeSentences(unlike: language)
                XCTAssertGreaterThan(english.count, 60, "the English catalogue was read")
                for (path, html) in try await Self.pages(browser, id: id) {
                    XCTAssertTrue(html.contains(#"<html lang="\#(language.rawValue)">"#), "\(language) \(path)")
                    for sentence in english {
                        XCTAssertFalse(html.contains(sentence), "\(language) \(path): “\(sentence)”")
                    }
                }
            }
        }
    }

    func testTheEmptyListAndTheMessagesAfterASaveSpeakTheLanguage() async throws {
        try await withApp { browser in
            Self.speaking(.ja, browser)
            let empty = try await browser.get("/recipes").text
            XCTAssertTrue(empty.contains("まだレシピがありません"), empty)
            XCTAssertTrue(empty.contains("最初のレシピを追加"))
            let id = try await browser.addRecipe(recipeForm([("name", "Soup")]))
            let added = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(added.contains("「Soup」を新しいレシピとして追加しました"), added)
            let list = try await browser.get("/recipes").text
            XCTAssertTrue(list.contains(#"<p class="count">1件のレシピ</p>"#), list)
            Self.speaking(.fr, browser)
            let deleted = try await browser.post("/recipes/\(id)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther)
            let after = try await browser.get("/recipes").text
            XCTAssertTrue(after.contains("«\u{00A0}Soup\u{00A0}» a été supprimée."), after)
        }
    }

    // MARK: Numbers typed and shown the language's way

    func testASpanishFormStoresPriceAndQuantityAsMeantAndShowsThemBackTheSpanishWay() async throws {
        var settings = testSettings()
        settings.money = MoneyFormat(currencyCode: "EUR", locale: Locale(identifier: "en_IE"))
        try await withApp(settings: settings) { browser in
            Self.speaking(.es, browser)
            let id = try await browser.addRecipe(
                recipeForm([
                    ("price", "3,50"), ("ingredient-0-quantity", "1,5"), ("ingredient-1-quantity", "0,1"),
                    ("ingredient-1-description", "g de sal"),
                ]))
            let spanish = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(spanish.contains("<span>3,50\u{00A0}€</span>"), spanish)
            XCTAssertTrue(spanish.contains(#"<span class="quantity">1½</span> cups of flour"#))
            XCTAssertTrue(spanish.contains(#"<span class="quantity">0,1</span> g de sal"#))
            let editor = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(editor.contains(#"name="price" value="3,50""#), "the form holds the Spanish way")
            XCTAssertTrue(editor.contains(#"name="ingredient-1-quantity" value="0,1""#))
            XCTAssertTrue(editor.contains(#"id="price-hint">En EUR, p. ej., 3,99</p>"#))
            // Stored as the numbers meant: the English pages read 3.50 and 1½ back.
            Self.speaking(.en, browser)
            let english = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(english.contains(#"name="price" value="3.50""#))
            XCTAssertTrue(english.contains(#"name="ingredient-0-quantity" value="1½""#))
            XCTAssertTrue(english.contains(#"name="ingredient-1-quantity" value="0.1""#))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("<span>€3.50</span>"))
        }
    }

    func testTypedLocalNumbersAreReadAsTheLanguageMeansThem() {
        func stored(_ language: Language, price: String, quantity: String) -> (Int?, Double?) {
            var draft = RecipeDraft(
                name: "Soup", price: price, category: "1",
                ingredients: [.init(quantity: quantity, description: "cups of stock")])
            draft.language = language
            guard case .valid(let recipe) = draft.validate() else { return (nil, nil) }
            return (recipe.price?.cents, recipe.ingredients.first?.quantity)
        }
        for language in Language.allCases {
            for (price, quantity) in [("3,50", "1,5"), ("3.50", "1.5"), ("3,5", "1 ½"), ("3.5", "1½")] {
                let (cents, amount) = stored(language, price: price, quantity: quantity)
                XCTAssertEqual(cents, 350, "\(language) \(price)")
                XCTAssertEqual(amount, 1.5, "\(language) \(quantity)")
            }
        }
        for language in [Language.es, .pt, .fr] {
            XCTAssertEqual(stored(language, price: "1.234,50", quantity: "½").0, 123_450, "\(language)")
        }
        XCTAssertEqual(stored(.en, price: "1,234.50", quantity: "½").0, 123_450)
        XCTAssertEqual(stored(.en, price: "1,500", quantity: "1").0, 150_000, "a thousands mark in English")
        XCTAssertNil(stored(.es, price: "1,500", quantity: "1").0, "three decimals in Spanish: refused, not 1500")
        XCTAssertNil(stored(.en, price: "3.9.9", quantity: "1").0, "not a number, whatever the marks")
    }

    func testARefusedSpanishFormKeepsExactlyWhatWasTypedAndNamesTheSpanishExample() async throws {
        try await withApp { browser in
            Self.speaking(.es, browser)
            _ = try await browser.get("/recipes/new")
            let refused = try await browser.post(
                "/recipes",
                form: recipeForm([("price", "3,999"), ("ingredient-0-quantity", "1,5"), ("servings", "4,5")]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            let html = refused.text
            XCTAssertTrue(html.contains(#"name="price" value="3,999""#), "kept as typed")
            XCTAssertTrue(html.contains(#"name="ingredient-0-quantity" value="1,5""#))
            XCTAssertTrue(html.contains("El precio puede tener dos decimales como máximo, por ejemplo 3,99"), html)
            XCTAssertTrue(html.contains("Las raciones deben ser un número entero, por ejemplo 4"))
            XCTAssertTrue(html.contains(#"<h2 id="error-summary-title">Hay un problema</h2>"#))
        }
    }

    func testPricesAreWrittenInTheHouseholdsCurrencyTheLanguagesWay() {
        let euros = MoneyFormat(currencyCode: "EUR", locale: Locale(identifier: "en_US"))
        let price = Price(cents: 399)
        XCTAssertEqual(euros.text(price, in: .en), "€3.99")
        XCTAssertEqual(euros.text(price, in: .es), "3,99\u{00A0}€")
        XCTAssertEqual(euros.text(price, in: .fr), "3,99\u{00A0}€")
        XCTAssertEqual(
            MoneyFormat(currencyCode: "BRL", locale: Locale(identifier: "en_US")).text(price, in: .pt), "R$\u{00A0}3,99"
        )
        XCTAssertEqual(
            MoneyFormat(currencyCode: "KRW", locale: Locale(identifier: "en_US")).text(Price(cents: 399_000), in: .ko),
            "₩3,990")
        XCTAssertEqual(
            MoneyFormat(currencyCode: "JPY", locale: Locale(identifier: "en_US")).text(Price(cents: 39_900), in: .ja),
            "¥399")
        // The computer's own way when it speaks the page's language: Portugal's euros, not Brazil's.
        let portugal = MoneyFormat(currencyCode: "EUR", locale: Locale(identifier: "pt_PT"))
        XCTAssertEqual(portugal.text(price, in: .pt), "3,99\u{00A0}€")
        XCTAssertEqual(portugal.text(price, in: .en), "€3.99")
        XCTAssertEqual(euros.text(price), "€3.99", "the page-less text is as before")
        // No currency known: the plain number with the language's decimal mark.
        XCTAssertEqual(MoneyFormat.plain.text(price, in: .en), "3.99")
        XCTAssertEqual(MoneyFormat.plain.text(Price(cents: 123_450), in: .fr), "1234,50")
        XCTAssertEqual(MoneyFormat.plain.text(price, in: .ja), "3.99")
    }

    func testQuantitiesAndNutritionNumbersUseTheLanguagesDecimalMark() {
        XCTAssertEqual(QuantityText.format(2.35, in: .es), "2,35")
        XCTAssertEqual(QuantityText.format(1.5, in: .pt), "1½")
        XCTAssertEqual(QuantityText.format(0.1, in: .ko), "0.1")
        XCTAssertEqual(RecipeScale(query: "3", base: 7)?.text(0.5, in: .fr), "environ ¼")
        XCTAssertEqual(RecipeFormatting.nutritionValue("2.5 g", in: .es), "2,5 g")
        XCTAssertEqual(RecipeFormatting.nutritionValue("2,5 g", in: .en), "2.5 g")
        XCTAssertEqual(RecipeFormatting.nutritionValue("1.500 mg", in: .fr), "1.500 mg", "maybe thousands: as typed")
        XCTAssertEqual(RecipeFormatting.nutritionValue("320 kcal", in: .fr), "320 kcal")
        XCTAssertEqual(RecipeFormatting.nutritionValue("Trace", in: .fr), "Trace")
    }

    // MARK: The release date's three boxes

    func testTheReleaseDateIsTypedInThreeBoxesInTheLanguagesOrderAndKeptAfterAProblem() async throws {
        try await withApp { browser in
            let new = try await browser.get("/recipes/new").text
            XCTAssertFalse(new.contains(#"type="date""#), "no browser date picker")
            for part in ["day", "month", "year"] {
                XCTAssertTrue(new.contains(#"name="releaseDate-\#(part)""#), part)
            }
            XCTAssertTrue(new.contains(#"<legend class="date-input-legend">Release date</legend>"#))
            let id = try await browser.addRecipe(
                recipeForm(
                    [("releaseDate-day", "7"), ("releaseDate-month", "11"), ("releaseDate-year", "2023")],
                    removing: ["releaseDate"]))
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains(#"<time datetime="2023-11-07">7 November 2023</time>"#), page)
            let editor = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(
                editor.contains(#"name="releaseDate-day" type="text" inputmode="numeric" autocomplete="off" value="7""#)
            )
            XCTAssertTrue(
                editor.contains(
                    #"name="releaseDate-year" type="text" inputmode="numeric" autocomplete="off" value="2023""#))

            Self.speaking(.ko, browser)
            let refused = try await browser.post(
                "/recipes",
                form: recipeForm(
                    [("releaseDate-day", "29"), ("releaseDate-month", "2"), ("releaseDate-year", "2023")],
                    removing: ["releaseDate"]))
            XCTAssertEqual(refused.status, .unprocessableContent)
            let html = refused.text
            XCTAssertTrue(html.contains("2023년에는 2월 29일이 없습니다"), html)
            XCTAssertTrue(html.contains(##"<a href="#releaseDate">"##), "the summary links to the first box")
            for (part, value) in [("day", "29"), ("month", "2"), ("year", "2023")] {
                XCTAssertTrue(
                    html.contains(
                        #"name="releaseDate-\#(part)" type="text" inputmode="numeric" autocomplete="off" value="\#(value)""#
                    ), part)
            }
            let year = try XCTUnwrap(html.range(of: #"name="releaseDate-year""#)).lowerBound
            let day = try XCTUnwrap(html.range(of: #"name="releaseDate-day""#)).lowerBound
            XCTAssertLessThan(year, day, "Korean writes the year first")

            let korean = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(korean.contains(#"<time datetime="2023-11-07">2023년 11월 7일</time>"#), korean)
        }
    }

    // MARK: History and conflicts

    func testTheFieldsNameThemselvesAndTheirValuesInTheLanguage() {
        var recipe = Recipe(
            name: "Soup", servings: 4, price: Price(cents: 350), isAvailable: true, category: .dinner,
            ingredients: [Ingredient(quantity: 0.1, description: "g salt")],
            releaseDate: CalendarDate(year: 2024, month: 5, day: 3))
        recipe.steps = ["Boil."]
        XCTAssertEqual(RecipeEditField.price.label(in: .es), "Precio")
        XCTAssertEqual(RecipeEditField.steps.label(in: .ja), "作り方")
        XCTAssertEqual(RecipeEditField.price.lines(of: recipe, in: .fr), ["3,50"])
        XCTAssertEqual(RecipeEditField.ingredients.lines(of: recipe, in: .pt), ["0,1 g salt"])
        XCTAssertEqual(RecipeEditField.releaseDate.lines(of: recipe, in: .es), ["3 de mayo de 2024"])
        XCTAssertEqual(RecipeEditField.isAvailable.lines(of: recipe, in: .ko), ["예"])
        XCTAssertEqual(RecipeEditField.category.lines(of: recipe, in: .fr), ["Dîner"])
        XCTAssertEqual(RecipeEditField.releaseDate.lines(of: recipe), ["3 May 2024"], "English as before")
        XCTAssertEqual(RecipeEditField.price.lines(of: recipe), ["3.50"])
    }
}

/// Every English sentence of `Locales/en/recipes.json` that would show on a page unchanged, unless `language` says
/// the same: the text between a message's arguments, said with counts of 2, of at least `minimumLength` characters
/// and more than one word (single words such as "Notes" are words of French too).
func englishRecipeSentences(unlike language: Language, minimumLength: Int = 8) throws -> [String] {
    let catalogues = try Catalogues(directory: LanguageTests.localesDirectory)
    var sentences: Set<String> = []
    let marker = "\u{E001}"
    for key in catalogues.keys(of: .en) where key.hasPrefix("recipes.") {
        guard let english = catalogues.message(key, in: .en), let own = catalogues.message(key, in: language)
        else { continue }
        let names = english.argumentNames
        let arguments = Dictionary(uniqueKeysWithValues: names.map { ($0, marker) })
        let counts = Dictionary(uniqueKeysWithValues: names.map { ($0, 2) })
        let theirs = own.format(arguments, counts: counts, language: language)
        for piece in english.format(arguments, counts: counts, language: .en).components(separatedBy: marker) {
            let edges = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "“”.:;,2"))
            let trimmed = piece.trimmingCharacters(in: edges)
            if trimmed.count >= minimumLength, trimmed.contains(" "), !theirs.contains(trimmed) {
                sentences.insert(trimmed)
            }
        }
    }
    return sentences.sorted()
}
