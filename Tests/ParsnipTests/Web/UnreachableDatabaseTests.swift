import Logging
import ParseStore
import XCTest

@testable import Parsnip

/// A database server out of reach (PostgreSQL stopped, or the network to it down) has pages of its own: a page that
/// only reads says it cannot be shown just now, a save says nothing was changed, each in every language, and the
/// Parse API answers 503, worth retrying. `Tests/e2e/test_postgres_faults.py` does it to a real server.
final class UnreachableDatabaseTests: XCTestCase {
    override func setUpWithError() throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    func testAPageThatOnlyReadsSaysItCannotBeShownAndASaveSaysNothingWasChanged() {
        let read = ErrorPageMiddleware<ParsnipRequestContext>.content(
            for: ParseError.databaseUnreachable, saving: false)
        XCTAssertEqual(read.status, .serviceUnavailable)
        XCTAssertEqual(read.heading.text(in: .en), "Parsnip cannot show this page just now")
        let readMessage = read.message.text(in: .en)
        XCTAssertTrue(readMessage.contains("Parsnip connects again by itself"), readMessage)
        XCTAssertFalse(
            readMessage.lowercased().contains("save"), "a page that only reads saved nothing: \(readMessage)")

        let save = ErrorPageMiddleware<ParsnipRequestContext>.content(for: ParseError.databaseUnreachable, saving: true)
        XCTAssertEqual(save.status, .serviceUnavailable)
        XCTAssertEqual(save.heading.text(in: .en), "Parsnip could not save: its database cannot be reached")
        XCTAssertTrue(save.message.text(in: .en).contains("so nothing was changed"), save.message.text(in: .en))

        let notice = StoreTrouble.unreachable.notice(in: .en)
        XCTAssertEqual(notice.heading, "Parsnip could not save: its database cannot be reached")
        XCTAssertTrue(notice.message.contains("Everything on this page is as you left it."), notice.message)
        XCTAssertNotEqual(
            StoreTrouble.busy.notice(in: .en).heading, notice.heading, "another program's lock is another thing")
    }

    func testEveryLanguageSaysBothInItsOwnWords() {
        let english = (
            read: StoreTrouble.unreachable.errorPage(saving: false),
            save: StoreTrouble.unreachable.errorPage(saving: true)
        )
        for language in Language.allCases where language != .en {
            let read = StoreTrouble.unreachable.errorPage(saving: false)
            let save = StoreTrouble.unreachable.errorPage(saving: true)
            for (mine, theirs) in [(read, english.read), (save, english.save)] {
                XCTAssertNotEqual(mine.heading.text(in: language), theirs.heading.text(in: .en), "\(language)")
                XCTAssertNotEqual(mine.message.text(in: language), theirs.message.text(in: .en), "\(language)")
            }
            XCTAssertNotEqual(read.heading.text(in: language), save.heading.text(in: language), "\(language)")
        }
    }

    func testTheParseAPIAnswers503WorthRetrying() {
        let answer = ParseAPIController.answer(for: .databaseUnreachable, logger: Logger(label: "test"))
        XCTAssertEqual(answer.status, .serviceUnavailable)
        XCTAssertEqual(ParseError.databaseUnreachable.storageFailure, .unreachable)
    }
}
