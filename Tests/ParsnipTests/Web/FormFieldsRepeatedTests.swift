import XCTest

@testable import Parsnip

/// Repeated fields: only names the caller allows may repeat (the book form's checkboxes); every value is kept.
final class FormFieldsRepeatedTests: XCTestCase {
    private func fields(_ text: String, allowing names: Set<String> = []) throws -> FormFields {
        try FormFields(urlEncoded: Array(text.utf8), allowingRepeated: names)
    }

    func testAnAllowedNameKeepsEveryValueInOrder() throws {
        let form = try fields("title=Dune&author=b2&author=a1&author=c3", allowing: ["author", "publisher"])
        XCTAssertEqual(form.values("author"), ["b2", "a1", "c3"])
        XCTAssertEqual(form["author"], "b2", "the subscript answers the first value")
        XCTAssertEqual(form.values("publisher"), [], "an allowed name never sent has no values")
        XCTAssertEqual(form.values("title"), ["Dune"], "a single field is a list of one")
        XCTAssertEqual(form.values("missing"), [])
    }

    func testAnAllowedNameSentOnceIsAListOfOne() throws {
        let form = try fields("author=a1", allowing: ["author"])
        XCTAssertEqual(form.values("author"), ["a1"])
        XCTAssertEqual(form["author"], "a1")
    }

    func testOtherNamesSentTwiceAreStillRefused() {
        XCTAssertThrowsError(try fields("author=a1&author=a2"), "nothing is allowed to repeat by default")
        XCTAssertThrowsError(try fields("author=a1&title=x&title=y", allowing: ["author"]))
        XCTAssertThrowsError(try fields("title=x&title=x", allowing: ["author"]), "even with the same value")
    }

    func testTheFieldLimitCountsRepeatedPairs() throws {
        let atTheLimit = Array(repeating: "author=a", count: FormFields.maximumFieldCount).joined(separator: "&")
        XCTAssertEqual(
            try fields(atTheLimit, allowing: ["author"]).values("author").count, FormFields.maximumFieldCount)
        XCTAssertThrowsError(try fields(atTheLimit + "&author=b", allowing: ["author"]))
    }

    func testTheFormsMiddlewareAllowsOnlyTheBookAndShoppingCheckboxesToRepeat() {
        XCTAssertEqual(FormFields.repeatableFieldNames, ["author", "publisher", "ingredient"])
    }
}
