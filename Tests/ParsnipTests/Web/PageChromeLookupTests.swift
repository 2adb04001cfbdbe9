import Foundation
import PageTemplates
import XCTest

@testable import Parsnip

/// The page chrome and its parts answer template names themselves (every page renders them): exactly their stored
/// properties, with every optional given a value once and left nil once.
final class PageChromeLookupTests: XCTestCase {
    func testPageChromeAndItsPartsAnswerTheirStoredPropertiesByName() {
        var full = PageChrome(title: "To-do list", flash: "Saved.", inTodos: true, language: .ja)
        full.account = AccountBar(
            user: SignedInUser(objectId: "AbCdE12345", username: "ana", role: .owner), language: .ja)
        full.undo = UndoOffer(action: "/trash/AbCdE12345/restore", csrfToken: "token")
        full.trouble = StoreTroubleNotice(heading: "The disk is full", message: "Free some space.")
        full.refreshSeconds = 5
        for chrome in [full, PageChrome(title: "Recipes", inRecipes: true)] {
            assertAnswersLikeReflection(chrome)
        }
        // What follows from the language is answered from it.
        let answer = { (name: String) in full.child(named: name).map(templateDescription) }
        XCTAssertEqual(answer("lang"), "text(ja)")
        XCTAssertEqual(answer("scriptWords"), "text(\(Catalogues.current.scriptWords(for: .ja)))")
        XCTAssertEqual(
            answer("languages"),
            templateDescription(.list(LanguageChoice.all(current: .ja).map { TemplateValue.parent($0) })))
        guard case .list(let choices)? = full.child(named: "languages") else { return XCTFail("no language choices") }
        XCTAssertEqual(
            choices.compactMap { $0.child(named: "isCurrent") }.map(templateDescription),
            Language.allCases.map { "flag(\($0 == .ja))" })
        for choice in LanguageChoice.all(current: .fr) {
            assertAnswersLikeReflection(choice)
        }
        assertAnswersLikeReflection(NumberedPages(previousURL: "/todos?page=1", nextURL: nil, pageLine: "Page 2 of 3"))
        assertAnswersLikeReflection(NumberedPages(previousURL: nil, nextURL: "/todos?page=2", pageLine: nil))
    }
}
