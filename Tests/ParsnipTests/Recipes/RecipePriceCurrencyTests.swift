import Foundation
import XCTest

@testable import Parsnip

/// Prices show the household's currency: the one of the computer's locale unless `--currency` names another, written
/// the way that locale writes amounts; plain numbers when no currency is known. The stored price stays a Number.
final class RecipePriceCurrencyTests: XCTestCase {
    private let price = Price(cents: 399)

    func testTheComputersLocaleGivesTheCurrencyAndTheWayOfWritingIt() {
        let german = MoneyFormat.computers(environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(german.currencyCode, "EUR")
        XCTAssertEqual(german.text(price), "3,99\u{00A0}€")
        let british = MoneyFormat.computers(environment: ["LANG": "en_GB.UTF-8"])
        XCTAssertEqual(british.currencyCode, "GBP")
        XCTAssertEqual(british.text(price), "£3.99")
        let american = MoneyFormat.computers(environment: ["LANG": "en_US.UTF-8"])
        XCTAssertEqual(american.text(price), "$3.99")
    }

    func testLCAllAndLCMonetaryComeBeforeLang() {
        XCTAssertEqual(
            MoneyFormat.computers(environment: ["LANG": "en_US.UTF-8", "LC_ALL": "fr_CH.UTF-8"]).currencyCode, "CHF")
        XCTAssertEqual(
            MoneyFormat.computers(environment: ["LANG": "en_US.UTF-8", "LC_MONETARY": "en_GB.UTF-8"]).currencyCode,
            "GBP")
        XCTAssertEqual(
            MoneyFormat.computers(environment: ["LANG": "en_GB.UTF-8", "LC_ALL": ""]).currencyCode, "GBP",
            "an empty variable is not set")
    }

    func testWithoutALocaleThePriceIsAPlainNumberUnlessACurrencyIsGiven() {
        for environment in [[:], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LANG": "../../etc"]] {
            let money = MoneyFormat.computers(environment: environment)
            XCTAssertNil(money.currencyCode, "\(environment)")
            XCTAssertEqual(money.text(price), "3.99")
        }
        let euros = MoneyFormat.computers(currencyCode: "EUR", environment: ["LANG": "C.UTF-8"])
        XCTAssertEqual(euros.text(price), "€3.99")
        let yen = MoneyFormat.computers(currencyCode: "JPY", environment: ["LANG": "en_US.UTF-8"])
        XCTAssertEqual(yen.text(Price(cents: 40_000)), "¥400")
        let swissInGermany = MoneyFormat.computers(currencyCode: "CHF", environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(swissInGermany.text(price), "3,99\u{00A0}CHF")
    }

    func testOnlyCurrentThreeLetterCodesAreCurrencies() {
        for code in ["EUR", "GBP", "USD", "CHF", "JPY", "SEK"] {
            XCTAssertTrue(MoneyFormat.isKnownCurrency(code), code)
        }
        for code in ["eur", "EURO", "€", "XYZ", "", "E R"] { XCTAssertFalse(MoneyFormat.isKnownCurrency(code), code) }
    }

    func testTheListTheRecipePageAndTheEditorShowTheCurrencyAndTheFormKeepsThePlainNumber() async throws {
        var settings = testSettings()
        settings.money = MoneyFormat(currencyCode: "EUR", locale: Locale(identifier: "en_IE"))
        try await withApp(settings: settings) { browser in
            let id = try await browser.addRecipe(recipeForm([("price", "3.99")]))
            let list = try await browser.get("/recipes").text
            XCTAssertTrue(list.contains(#"<td data-label="Price" class="number">€3.99</td>"#), list)
            let page = try await browser.get("/recipes/\(id)").text
            XCTAssertTrue(page.contains("<span>€3.99</span>"))
            let editor = try await browser.get("/recipes/\(id)/edit").text
            XCTAssertTrue(editor.contains(#"<p class="hint" id="price-hint">In EUR, e.g. 3.99</p>"#))
            XCTAssertTrue(editor.contains(#"id="price" name="price" value="3.99""#))
        }
    }
}
